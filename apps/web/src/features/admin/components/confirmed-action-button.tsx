import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { adminToast } from '../admin-messages';
import { passwordProblem } from './password-problem';

interface ConfirmedActionButtonProps {
  /** The button's text, also the confirm button's. */
  label: string;
  title: string;
  /** What will happen, in the dialog. */
  children: ReactNode;
  /** A statement the admin must tick before confirming (e.g. that the person's identity was checked). */
  attestation?: string;
  /** The action needs the admin's own password (issue 34 item 2): the dialog asks for it. */
  askPassword?: boolean;
  pending: boolean;
  /** Does the work (with the password when asked); answers the success message. */
  run: (currentPassword: string | undefined) => Promise<string>;
  /** Shown when the server gives no message of its own. */
  failedMessage: string;
  variant?: 'secondary' | 'ghost-danger';
}

/** An admin action on a user that is confirmed first and reports how it went in a toast. */
export function ConfirmedActionButton({ label, title, children, attestation, askPassword = false, pending, run, failedMessage, variant = 'secondary' }: ConfirmedActionButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [attested, setAttested] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const close = () => {
    setConfirming(false);
    setAttested(false);
    setPassword('');
    setPasswordError(undefined);
  };
  const confirm = async () => {
    try {
      adminToast.success(await run(askPassword ? password : undefined));
    } catch (error) {
      // A wrong password is said beside the field, and the dialog stays open to try again.
      const problem = askPassword ? passwordProblem(error) : undefined;
      if (problem) {
        setPasswordError(problem);
        return;
      }
      adminToast.error(errorMessage(error, failedMessage));
    }
    close();
  };

  return (
    <>
      <Button variant={variant} className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={title}
        confirmLabel={label}
        pending={pending}
        confirmDisabled={attestation !== undefined && !attested}
        onConfirm={() => void confirm()}
        onCancel={close}
        password={askPassword ? { value: password, onChange: setPassword, error: passwordError } : undefined}
      >
        {children}
        {attestation && (
          <label className="mt-4 flex items-start gap-2 text-ink-900">
            <input type="checkbox" className="mt-1 h-4 w-4 shrink-0" checked={attested} onChange={(event) => setAttested(event.target.checked)} />
            <span>{attestation}</span>
          </label>
        )}
      </ConfirmDialog>
    </>
  );
}
