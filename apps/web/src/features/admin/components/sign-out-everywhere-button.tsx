import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { adminToast } from '../admin-messages';
import { useEndUserSessions } from '../api/end-user-sessions';

export const SIGN_OUT_EVERYWHERE_MESSAGES = {
  failed: 'Could not sign the user out.',
  done: (count: number) => (count === 1 ? 'Signed out of 1 session.' : `Signed out of ${count} sessions.`),
} as const;

/**
 * Ends every session of a user (ASVS 7.4.5), e.g. after a stolen laptop: their tokens answer 401
 * at once and their open pages go to the login page.
 */
export function SignOutEverywhereButton({ userId, name }: { userId: number; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const endSessions = useEndUserSessions(userId);

  const confirm = async () => {
    try {
      const { ended } = await endSessions.mutateAsync();
      adminToast.success(SIGN_OUT_EVERYWHERE_MESSAGES.done(ended));
    } catch (error) {
      adminToast.error(errorMessage(error, SIGN_OUT_EVERYWHERE_MESSAGES.failed));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        pending={endSessions.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{name} will be signed out of every browser and device at once, and must sign in again.</p>
      </ConfirmDialog>
    </>
  );
}
