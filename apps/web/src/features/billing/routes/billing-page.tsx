import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { BILLING_PLANS, PLANS, type BillingSubscription, type User } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLongDate, formatSubscriptionStatus } from '../../../lib/format';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useBillingConfig } from '../api/get-billing-config';
import { useSubscription } from '../api/get-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useReinstateSubscription } from '../api/reinstate-subscription';
import { TestModeBadge } from '../components/test-mode-badge';
import { Detail } from '../../../components/ui/detail';

function SubscriptionActions({ subscription }: { subscription: BillingSubscription }) {
  const cancel = useCancelSubscription();
  const reinstate = useReinstateSubscription();
  const [confirming, setConfirming] = useState(false);
  const end = formatLongDate(subscription.current_period_end);

  if (subscription.status === 'canceled' || subscription.status === 'incomplete') {
    return (
      <Link to="/checkout" className={buttonClasses('primary')}>
        Start a new subscription
      </Link>
    );
  }
  if (subscription.status === 'pending_cancelation') {
    return (
      <Button
        pending={reinstate.isPending}
        onClick={() =>
          reinstate.mutate(undefined, {
            onSuccess: () => toast.success('Your subscription is active again.'),
            onError: (error) => toast.error(errorMessage(error, 'Your subscription could not be reinstated.')),
          })
        }
      >
        Reinstate subscription
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
      {/* Not ConfirmDialog: its "Cancel" button would read as the cancellation itself here. */}
      <Modal open={confirming} onClose={() => !cancel.isPending && setConfirming(false)} title="Cancel your subscription?" size="sm">
        <p className="text-sm text-ink-700">
          You keep full access until {end}. After that you can no longer create or change projects. You can reinstate the subscription until then.
        </p>
        <ModalActions>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
            Keep subscription
          </Button>
          <Button
            variant="danger"
            pending={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: (user) => {
                  setConfirming(false);
                  toast.success(`Your subscription ends on ${formatLongDate(user.subscription_end_date)}.`);
                },
                onError: (error) => {
                  setConfirming(false);
                  toast.error(errorMessage(error, 'Your subscription could not be canceled.'));
                },
              })
            }
          >
            Cancel at period end
          </Button>
        </ModalActions>
      </Modal>
    </>
  );
}

function StripePortalButton() {
  const portal = useOpenBillingPortal();
  return (
    <Button
      variant="secondary"
      pending={portal.isPending}
      onClick={() =>
        portal.mutate(undefined, {
          onSuccess: ({ url }) => window.location.assign(url),
          onError: (error) => toast.error(errorMessage(error, 'The billing portal could not be opened.')),
        })
      }
    >
      Payment methods and invoices
    </Button>
  );
}

function SubscriptionDetails({ user, subscription }: { user: User; subscription: BillingSubscription | null }) {
  if (!subscription) {
    return (
      <div className="space-y-4 text-sm text-ink-700">
        {user.account_type === 'sales_partner' && user.subscription_status ? (
          <p>
            Your subscription ({formatSubscriptionStatus(user.subscription_status)}) was set up by our team. Write to support to change it.
          </p>
        ) : user.account_type === 'sales_partner' ? (
          <>
            <p>You have no subscription yet.</p>
            <Link to="/checkout" className={buttonClasses('primary')}>
              Subscribe — {BILLING_PLANS.monthly.priceLabel}
            </Link>
          </>
        ) : (
          <p>
            {PLANS.referral_partner.name} accounts are free: there is nothing to bill.
          </p>
        )}
      </div>
    );
  }
  const ends = subscription.status === 'pending_cancelation' || subscription.status === 'canceled';
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail term="Plan">{subscription.plan ? BILLING_PLANS[subscription.plan].label : PLANS.sales_partner.name}</Detail>
        <Detail term="Status">{formatSubscriptionStatus(subscription.status)}</Detail>
        <Detail term={ends ? (subscription.status === 'canceled' ? 'Ended on' : 'Ends on') : 'Renews on'}>{formatLongDate(subscription.current_period_end)}</Detail>
      </dl>
      <div className="flex flex-wrap gap-3">
        <SubscriptionActions subscription={subscription} />
        {subscription.provider === 'stripe' && <StripePortalButton />}
      </div>
    </div>
  );
}

/**
 * /billing: the billing portal of the local test provider (POST /api/billing/portal answers
 * this page), where a member cancels at the period end or reinstates. With Stripe it works the
 * same and links on to Stripe's portal for cards and invoices.
 */
export function BillingPage() {
  useDocumentTitle('Billing');
  const profile = useCurrentUser();
  const subscription = useSubscription();
  const config = useBillingConfig();
  const testMode = config.data?.testMode ?? false;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-ink-900">Billing</h1>
          {testMode && <TestModeBadge />}
        </div>
        <p className="mt-1 text-sm text-ink-600">
          {config.data?.provider === 'local'
            ? 'This server uses the built-in test payment provider: nothing here moves real money.'
            : 'Your subscription and its billing period.'}
        </p>
      </div>
      <Panel title="Subscription" id="subscription">
        {profile.isPending || subscription.isPending ? (
          <PageSpinner label="Loading your subscription…" />
        ) : profile.isError || subscription.isError ? (
          <Alert tone="error">
            <p>We could not load your subscription.</p>
            <Button variant="secondary" className="mt-3" onClick={() => void Promise.all([profile.refetch(), subscription.refetch()])}>
              Retry
            </Button>
          </Alert>
        ) : (
          <SubscriptionDetails user={profile.data} subscription={subscription.data.subscription} />
        )}
      </Panel>
      <p className="text-sm">
        <Link to="/profile" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Back to your profile
        </Link>
      </p>
    </div>
  );
}
