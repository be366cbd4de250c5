import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { isLoggedIn } from '../../lib/access';
import { discardDraft, useDraftKeys } from '../../lib/form-drafts';
import { readSession } from '../../lib/session';
import { ConfirmDialog } from './confirm-dialog';

export interface GuardedDraft {
  /** The form's draft key (lib/form-drafts.ts). */
  key: string;
  /** The form's title, as the page shows it. */
  label: string;
}

/** "Site Information", "Site Information and Utility Information". */
function listLabels(labels: string[]): string {
  return labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/**
 * Warns before the member leaves a page whose forms hold unsaved drafts (issue 14 item 2), by
 * LeaveGuard: leaving discards the drafts; staying keeps everything.
 */
export function UnsavedChangesGuard({ drafts }: { drafts: readonly GuardedDraft[] }) {
  const pending = useDraftKeys(drafts.map((draft) => draft.key));
  const labels = drafts.filter((draft) => pending.includes(draft.key)).map((draft) => draft.label);
  return (
    <LeaveGuard unsaved={pending.length > 0} onDiscard={() => pending.forEach(discardDraft)}>
      You have unsaved changes in {listLabels(labels)}. If you leave this page, they will be lost.
    </LeaveGuard>
  );
}

/**
 * Holds the user on a page with unsaved changes: the browser's own prompt on reload or close
 * (beforeunload), and for a link inside the app the router's blocker with a confirmation that
 * says `children`. Leaving calls `onDiscard`; staying keeps everything. A page change without a
 * session (logout, an expired session) is never held up.
 */
export function LeaveGuard({ unsaved, onDiscard, children }: { unsaved: boolean; onDiscard?: () => void; children: ReactNode }) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium and Safari still want returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && isLoggedIn(readSession()) && currentLocation.pathname !== nextLocation.pathname,
  );

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Discard and leave"
      onConfirm={() => {
        onDiscard?.();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
