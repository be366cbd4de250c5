import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ACCOUNT_TYPE_LABELS, BILLING_PLANS, PAYING_SUBSCRIPTION_STATUSES, PLANS, type User } from '@sunin/contract';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate, formatSubscriptionStatus } from '../../../lib/format';
import { useBillingSubscription } from '../api/get-billing-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { Detail } from '../../../components/ui/detail';

function endLabel(user: User): string {
  if (user.subscription_status === 'pending_cancelation') return 'Ends on';
  if (user.subscription_status === 'canceled') return 'Ended on';
  return 'Renews on';
}

/**
 * The profile's Billing Information (member-app.md 2 "Profile"): the current plan, its status
 * and renewal date (subscription_end_date), and the link to the secured billing portal.
 */
export function BillingInformation({ user }: { user: User }) {
  const billable = user.account_type === 'sales_partner' || user.subscription_status !== null;
  const subscription = useBillingSubscription(billable);
  const portal = useOpenBillingPortal();
  const navigate = useNavigate();
  const paying = user.subscription_status !== null && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status);

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        // The local provider's portal is a page of this app; Stripe's is its own site.
        if (url.startsWith('/')) void navigate(url);
        else window.location.assign(url);
      },
      onError: (error) => toast.error(errorMessage(error, 'The billing portal could not be opened.')),
    });

  if (!billable) {
    return (
      <div className="space-y-4">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail term="Plan">{ACCOUNT_TYPE_LABELS[user.account_type]}</Detail>
          <Detail term="Subscription status">
            {user.account_type === 'referral_partner' ? `${PLANS.referral_partner.priceLabel} plan, no subscription needed` : 'No subscription'}
          </Detail>
        </dl>
        {user.account_type === 'referral_partner' && (
          <Link to="/upgradesubscription" className={buttonClasses('secondary')}>
            Upgrade to {PLANS.sales_partner.name}
          </Link>
        )}
      </div>
    );
  }

  const plan = subscription.data?.plan;
  return (
    <div className="space-y-5">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Detail term="Plan">
          {subscription.isPending ? <Spinner label="Loading the plan…" /> : plan ? BILLING_PLANS[plan].label : ACCOUNT_TYPE_LABELS[user.account_type]}
        </Detail>
        <Detail term="Subscription status">{formatSubscriptionStatus(user.subscription_status)}</Detail>
        {user.subscription_end_date && <Detail term={endLabel(user)}>{formatLongDate(user.subscription_end_date)}</Detail>}
        {user.is_in_trial && <Detail term="Trial ends">{formatLongDate(user.trial_end_date)}</Detail>}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={openPortal} pending={portal.isPending}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
            <path fill="currentColor" d="M10 1.5 3.5 4v5c0 4 2.8 7.6 6.5 8.5 3.7-.9 6.5-4.5 6.5-8.5V4L10 1.5Zm-1 11.2L6 9.8l1.2-1.2L9 10.3l3.8-3.8L14 7.7l-5 5Z" />
          </svg>
          Manage billing
        </Button>
        {!paying && user.account_type === 'sales_partner' && (
          <Link to="/checkout" className={buttonClasses('primary')}>
            Subscribe — {BILLING_PLANS.monthly.priceLabel}
          </Link>
        )}
      </div>
      <p className="text-sm text-ink-600">Payment methods, invoices and cancellation are handled in our secured billing portal.</p>
    </div>
  );
}
