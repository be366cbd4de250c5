import { Alert } from './alert';
import { Button } from './button';
import { CopyLinkField } from './copy-link-field';
import { Modal, ModalActions } from './modal';

interface SecretOnceDialogProps {
  /** The secret to show, or null when the dialog is closed. */
  secret: string | null;
  title: string;
  /** The field's label ("API token", "Signing secret"). */
  label: string;
  noun: 'token' | 'secret';
  /** What the secret is for, under the field. */
  note: string;
  onDone: () => void;
}

/**
 * A credential the server shows once (issue 40: an API token, a webhook's signing secret): in a
 * field with Copy, and a plain warning that it will not be shown again. The caller drops the
 * secret from its state on Done, so nothing keeps it once the dialog closes.
 */
export function SecretOnceDialog({ secret, title, label, noun, note, onDone }: SecretOnceDialogProps) {
  return (
    <Modal open={secret !== null} onClose={onDone} title={title}>
      <Alert tone="info" className="mb-4">
        <strong>Copy it now: you will not see it again.</strong> If you lose it, create a new one.
      </Alert>
      {secret !== null && <CopyLinkField url={secret} label={label} noun={noun} note={note} />}
      <ModalActions>
        <Button onClick={onDone}>Done</Button>
      </ModalActions>
    </Modal>
  );
}
