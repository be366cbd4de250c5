import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal, ModalActions } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** Keeps the confirm button off until the admin has, e.g., ticked a required check. */
  confirmDisabled?: boolean;
}

/** "Are you sure?" before a destructive action. Cancel (or Escape) leaves everything as it was. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending = false, confirmDisabled = false }: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={() => !pending && onCancel()} title={title} size="sm">
      <div className="text-sm text-ink-700">{children}</div>
      <ModalActions>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} pending={pending} disabled={confirmDisabled}>
          {confirmLabel}
        </Button>
      </ModalActions>
    </Modal>
  );
}
