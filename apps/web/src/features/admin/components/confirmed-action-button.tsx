import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { adminToast } from '../admin-messages';

interface ConfirmedActionButtonProps {
  /** The button's text, also the confirm button's. */
  label: string;
  title: string;
  /** What will happen, in the dialog. */
  children: ReactNode;
  /** A statement the admin must tick before confirming (e.g. that the person's identity was checked). */
  attestation?: string;
  pending: boolean;
  /** Does the work; answers the success message. */
  run: () => Promise<string>;
  /** Shown when the server gives no message of its own. */
  failedMessage: string;
}

/** An admin action on a user that is confirmed first and reports how it went in a toast. */
export function ConfirmedActionButton({ label, title, children, attestation, pending, run, failedMessage }: ConfirmedActionButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [attested, setAttested] = useState(false);

  const close = () => {
    setConfirming(false);
    setAttested(false);
  };
  const confirm = async () => {
    try {
      adminToast.success(await run());
    } catch (error) {
      adminToast.error(errorMessage(error, failedMessage));
    } finally {
      close();
    }
  };

  return (
    <>
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
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
