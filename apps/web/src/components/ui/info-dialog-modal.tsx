import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from './button';

export interface InfoDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** A small line above the title (for example a category). */
  eyebrow?: string;
}

/**
 * A modal of text with a title and a Close button (Headless UI Dialog: focus is trapped while
 * open, Escape and a click outside close it, focus returns to the opener). Loaded through
 * InfoDialog (info-dialog.tsx), the first time one opens.
 */
export function InfoDialogModal({ open, onClose, title, eyebrow, children }: InfoDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-ink-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            transition
            className="w-full max-w-2xl rounded-2xl bg-white p-6 shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0 sm:p-8"
          >
            {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
            <DialogTitle as="h2" className="text-2xl font-bold text-ink-900">
              {title}
            </DialogTitle>
            <div className="mt-4 space-y-4 leading-relaxed text-ink-700">{children}</div>
            <div className="mt-8 flex justify-end">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
