import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { User } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Panel } from '../../../components/ui/card';
import { SessionsPanel } from './sessions-panel';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * The profile's Security section (issue 13): two-factor sign-in, and the member's sessions.
 * `?two_factor=required` is where the admin area sends an administrator who must enrol first
 * (ADMIN_MFA_REQUIRED; lib/api-client.ts MFA_ENROLMENT_PATH).
 */
export function SecuritySection({ user }: { user: User }) {
  const [params] = useSearchParams();
  const enrolmentRequired = params.get('two_factor') === 'required' && !user.mfa_enabled;
  // The section sits below the profile forms: bring the explanation into view.
  useEffect(() => {
    if (enrolmentRequired) document.getElementById('security')?.scrollIntoView?.({ block: 'start' });
  }, [enrolmentRequired]);

  return (
    <section id="security" aria-labelledby="security-heading" className="space-y-4">
      <h2 id="security-heading" className="text-xl font-semibold text-ink-900">
        Security
      </h2>
      {enrolmentRequired && (
        <Alert tone="info">Turn on two-factor sign-in before using the admin area. Set it up below, then open the admin area again.</Alert>
      )}
      <Panel title="Two-factor sign-in" id="two-factor">
        <TwoFactorPanel user={user} />
      </Panel>
      <Panel title="Where you're signed in" id="sessions">
        <SessionsPanel />
      </Panel>
    </section>
  );
}
