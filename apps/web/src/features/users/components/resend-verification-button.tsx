import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useResendVerificationEmail } from '../api/resend-verification-email';

export const RESEND_VERIFICATION = {
  button: 'Resend verification email',
  failed: 'The verification email could not be sent. Please try again.',
} as const;

/**
 * 'Resend verification email' (issue 34 item 7), on /home's banner and in the profile's
 * Notifications section: the server's answer (sent, already verified, or the hourly limit with
 * when to try again) is shown beside it, in a live region.
 */
export function ResendVerificationButton() {
  const resend = useResendVerificationEmail();
  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" onClick={() => resend.mutate()} pending={resend.isPending}>
        {RESEND_VERIFICATION.button}
      </Button>
      <p role="status" aria-live="polite" className={`text-sm ${resend.isError ? 'text-danger-700' : 'text-ink-700'}`}>
        {resend.isSuccess ? resend.data.message : resend.isError ? errorMessage(resend.error, RESEND_VERIFICATION.failed) : null}
      </p>
    </div>
  );
}
