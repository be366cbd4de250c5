import { useEndUserSessions } from '../api/end-user-sessions';
import { ConfirmedActionButton } from './confirmed-action-button';

export const SIGN_OUT_EVERYWHERE_MESSAGES = {
  failed: 'Could not sign the user out.',
  done: (count: number) => (count === 1 ? 'Signed out of 1 session.' : `Signed out of ${count} sessions.`),
} as const;

/**
 * Ends every session of a user (ASVS 7.4.5), e.g. after a stolen laptop: their tokens answer 401
 * at once and their open pages go to the login page.
 */
export function SignOutEverywhereButton({ userId, name }: { userId: number; name: string }) {
  const endSessions = useEndUserSessions(userId);
  return (
    <ConfirmedActionButton
      label="Sign out everywhere"
      title="Sign out everywhere?"
      pending={endSessions.isPending}
      failedMessage={SIGN_OUT_EVERYWHERE_MESSAGES.failed}
      run={async () => SIGN_OUT_EVERYWHERE_MESSAGES.done((await endSessions.mutateAsync()).ended)}
    >
      <p>{name} will be signed out of every browser and device at once, and must sign in again.</p>
    </ConfirmedActionButton>
  );
}
