import type { User } from '@sunin/contract';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * /home's banner while the member's address is unverified (issue 34 item 7): without a verified
 * address no email reaches them (docs/decisions/023). Gone once the profile says verified.
 */
export function UnverifiedEmailBanner({ user }: { user: Pick<User, 'email' | 'email_verified_at'> }) {
  if (user.email_verified_at !== null) return null;
  return (
    <section aria-labelledby="unverified-email-title" className="rounded-2xl border border-late-200 bg-late-50 p-4 sm:p-5">
      <h2 id="unverified-email-title" className="text-base font-semibold text-late-800">
        Please confirm your email address
      </h2>
      <p className="mt-1 text-sm break-words text-ink-800">
        We sent a verification link to <span className="font-semibold">{user.email}</span>. Until you open it, we cannot email you about your projects and
        proposals.
      </p>
      <div className="mt-3">
        <ResendVerificationButton />
      </div>
    </section>
  );
}
