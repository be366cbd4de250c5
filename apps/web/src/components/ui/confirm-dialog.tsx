import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Modal, ModalActions } from './modal';
import { TextField } from './text-field';

/** The confirming person's own password, asked in the dialog (issue 34 item 2). */
export interface ConfirmPassword {
  value: string;
  onChange: (value: string) => void;
  /** A wrong or missing password, under the field; the dialog stays open to try again. */
  error?: string | undefined;
}

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
  /** Asks for the password too: the confirm button waits for one, and Enter in the field confirms. */
  password?: ConfirmPassword | undefined;
}

export const CONFIRM_PASSWORD_LABEL = 'Your password';

/** "Are you sure?" before a destructive action. Cancel (or Escape) leaves everything as it was. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, pending = false, confirmDisabled = false, password }: ConfirmDialogProps) {
  const disabled = confirmDisabled || (password !== undefined && password.value === '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through the portal: a dialog opened from a form (the user edit
    // form) must not submit that form too.
    event.stopPropagation();
    if (!disabled && !pending) onConfirm();
  };
  return (
    <Modal open={open} onClose={() => !pending && onCancel()} title={title} size="sm">
      <form noValidate onSubmit={submit}>
        <div className="text-sm text-ink-700">{children}</div>
        {password && (
          <TextField
            className="mt-4"
            label={CONFIRM_PASSWORD_LABEL}
            type="password"
            autoComplete="current-password"
            hint="This change needs your own password."
            data-autofocus
            value={password.value}
            onChange={(event) => password.onChange(event.target.value)}
            error={password.error}
          />
        )}
        <ModalActions>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={pending} disabled={disabled}>
            {confirmLabel}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
