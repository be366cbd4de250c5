import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PAYOUT_ACCOUNT_RETURN_PARAM, PAYOUT_ACCOUNT_STATUS_LABELS, type PayoutAccountStatus } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePayoutAccount, useStartPayoutOnboarding } from '../api/payout-account';

const TONE: Record<PayoutAccountStatus, 'green' | 'amber' | 'grey'> = { active: 'green', restricted: 'amber', onboarding: 'grey' };

/** What coming back from Stripe's onboarding means (`/earnings?payout_account=return|refresh`). */
function ReturnNotice({ value }: { value: string | null }) {
  if (value === 'return') return <Alert tone="info">Thanks: the payout provider is checking your details. The status below updates as soon as it answers.</Alert>;
  if (value === 'refresh') return <Alert tone="info">The setup link expired before you finished. Continue the setup below.</Alert>;
  return null;
}

/**
 * The partner's payout account on /earnings (issue 38 item 2): where payouts go, whether the
 * provider is ready to pay, what it still needs, and the button to set it up or change it.
 * Stripe's onboarding is a page of Stripe's; the local provider's is the app's own.
 */
export function PayoutAccountPanel() {
  const account = usePayoutAccount();
  const start = useStartPayoutOnboarding();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);

  const go = async () => {
    setFailure(null);
    try {
      const { url } = await start.mutateAsync();
      if (url.startsWith('/')) void navigate(url);
      else window.location.assign(url);
    } catch (error) {
      setFailure(errorMessage(error, 'The payout setup could not be opened. Please try again.'));
    }
  };

  const body = () => {
    if (account.isPending) return <Spinner label="Loading your payout account…" />;
    if (account.isError) return <LoadError message="Your payout account could not be loaded." onRetry={() => account.refetch()} retrying={account.isFetching} />;
    const current = account.data.payout_account;
    const action = !current ? 'Set up payouts' : current.status === 'active' ? 'Update bank account' : 'Continue setup';
    return (
      <div className="space-y-3 text-sm text-ink-700">
        <ReturnNotice value={params.get(PAYOUT_ACCOUNT_RETURN_PARAM)} />
        {failure && <Alert tone="error">{failure}</Alert>}
        {current ? (
          <dl className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <dt className="sr-only">Status</dt>
              <dd>
                <Badge tone={TONE[current.status]}>{PAYOUT_ACCOUNT_STATUS_LABELS[current.status]}</Badge>
              </dd>
            </div>
            {current.bank_last4 && (
              <div>
                <dt className="inline text-ink-500">Bank account: </dt>
                <dd className="inline font-medium text-ink-900">ending {current.bank_last4}</dd>
              </div>
            )}
            {current.requirement && (
              <div>
                <dt className="inline text-ink-500">Needed: </dt>
                <dd className="inline">{current.requirement}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p>Payouts are sent to your bank account. Set it up once; each payout then goes there and you see when it arrives.</p>
        )}
        {account.data.provider === 'local' && <p className="text-xs text-ink-500">Test mode: payouts are simulated by the local test provider, no money moves.</p>}
        <Button variant={current?.status === 'active' ? 'secondary' : 'primary'} pending={start.isPending} onClick={() => void go()}>
          {action}
        </Button>
      </div>
    );
  };

  return (
    <Panel id="payout-account" title="Payout account" description="Where your payouts are sent.">
      {body()}
    </Panel>
  );
}
