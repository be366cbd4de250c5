import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';

const SIZES = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' } as const;

/** The fields a member types into or picks from; buttons and links are not fields. */
const FIELD_SELECTOR = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * Marks the panel's first field with data-autofocus as the panel mounts, so that Headless UI's
 * initial focus (which looks for data-autofocus) lands in it rather than on the panel: a form
 * modal opens ready to type (issue 14 item 12). A modal without fields (a confirmation) keeps
 * Headless UI's default. A field that already asks for autofocus wins.
 */
function markFirstField(panel: HTMLElement | null): void {
  if (!panel || panel.querySelector('[data-autofocus]')) return;
  panel.querySelector(FIELD_SELECTOR)?.setAttribute('data-autofocus', '');
}

interface ModalProps {
  open: boolean;
  /** Escape, a click outside or the close button. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  children: ReactNode;
  /** Hide the corner close button (the body offers its own way out). */
  hideCloseButton?: boolean;
}

/**
 * A Headless UI dialog (focus trap, Escape, aria-modal, title as its name; focus starts in the
 * first field). Full height and scrolling on small screens, centred with a maximum width from
 * sm up.
 */
export function Modal({ open, onClose, title, description, size = 'md', children, hideCloseButton = false }: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-ink-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
          <DialogPanel
            ref={markFirstField}
            transition
            className={`w-full ${SIZES[size]} rounded-t-2xl bg-white shadow-xl transition duration-150 data-closed:translate-y-4 data-closed:opacity-0 sm:rounded-2xl`}
          >
            <div className="flex items-start justify-between gap-4 border-b border-ink-200 px-5 py-4 sm:px-6">
              <div className="min-w-0">
                <DialogTitle className="text-lg font-semibold text-ink-900">{title}</DialogTitle>
                {description && <div className="mt-1 text-sm text-ink-600">{description}</div>}
              </div>
              {!hideCloseButton && (
                <button type="button" onClick={onClose} className="-m-1 rounded-lg p-1.5 text-ink-500 hover:bg-ink-100 hover:text-ink-800" aria-label="Close">
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                    <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
              )}
            </div>
            <div className="px-5 py-5 sm:px-6">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** The button row at the bottom of a modal: stacked on phones, right-aligned from sm up. */
export function ModalActions({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end ${className}`}>{children}</div>;
}
