import { useResetUserMfa } from '../api/reset-user-mfa';
import { ConfirmedActionButton } from './confirmed-action-button';

export const RESET_TWO_FACTOR_MESSAGES = {
  failed: 'Could not reset two-factor sign-in.',
  done: 'Two-factor sign-in is off. The user was signed out everywhere and told by email.',
  attestation: 'I have confirmed who is asking, as the identity check requires (a call to the phone number on file, and details only the account holder knows).',
} as const;

/**
 * For a member who lost both the authenticator app and the recovery codes (ASVS 6.4.4;
 * docs/decisions/010): after the identity check the admin turns two-factor off; the member
 * signs in with the password and sets it up again.
 */
export function ResetTwoFactorButton({ userId, name }: { userId: number; name: string }) {
  const reset = useResetUserMfa(userId);
  return (
    <ConfirmedActionButton
      label="Reset two-factor"
      title="Reset two-factor sign-in?"
      attestation={RESET_TWO_FACTOR_MESSAGES.attestation}
      askPassword
      pending={reset.isPending}
      failedMessage={RESET_TWO_FACTOR_MESSAGES.failed}
      run={async (currentPassword) => {
        await reset.mutateAsync(currentPassword);
        return RESET_TWO_FACTOR_MESSAGES.done;
      }}
    >
      <p>
        Only for someone who lost both their authenticator app and their recovery codes. {name}&apos;s two-factor sign-in will be turned off, every session
        signed out, and an email will tell them so. They sign in with their password and set it up again.
      </p>
    </ConfirmedActionButton>
  );
}
