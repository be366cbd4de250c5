import { deferredDialog } from './deferred-dialog';
import type { InfoDialogProps } from './info-dialog-modal';

/**
 * A modal of text with a title and a Close button, for the public pages (info-dialog-modal.tsx,
 * Headless UI's dialog). It loads the first time it opens: its text is read on demand, and the
 * public pages' first load leaves Headless UI out (docs/decisions/024-public-first-load.md).
 */
export const InfoDialog = deferredDialog<InfoDialogProps>(async () => (await import('./info-dialog-modal')).InfoDialogModal);
