import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { ADMIN_ROLE, BILLING_MESSAGES, BILLING_PLANS, PAYING_SUBSCRIPTION_STATUSES, PLANS, type BillingPlanId } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCheckoutSession } from '../api/create-checkout-session';
import { useBillingConfig } from '../api/get-billing-config';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { LocalCheckoutForm } from '../components/local-checkout-form';
import { TestModeBadge } from '../components/test-mode-badge';

const StripeEmbeddedCheckout = lazy(() => import('../components/stripe-embedded-checkout'));

const BENEFITS = [
  'Fully involved in every project, from first meeting to completion',
  `Earn up to 70% of net profit on your projects`,
  'Design proposals within 48 hours of receiving the utility bill',
  'Cancel any time; access lasts to the end of the paid period',
];

function PlanPicker({ plans, value, onChange }: { plans: readonly BillingPlanId[]; value: BillingPlanId; onChange: (plan: BillingPlanId) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink-700">Billing period</legend>
      <div className="mt-2 grid gap-2">
        {plans.map((plan) => (
          <label
            key={plan}
            className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-600 ${
              value === plan ? 'border-brand-600 bg-brand-50' : 'border-ink-300 bg-white hover:bg-ink-50'
            }`}
          >
            <input type="radio" name="plan" value={plan} checked={value === plan} onChange={() => onChange(plan)} className="size-4 accent-brand-700" />
            <span className="font-medium text-ink-900">{plan === 'monthly' ? 'Monthly' : 'Yearly'}</span>
            <span className="ml-auto text-ink-600">{BILLING_PLANS[plan].priceLabel}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function OrderSummary({ plan, plans, onPlanChange, testMode }: { plan: BillingPlanId; plans: readonly BillingPlanId[]; onPlanChange: (plan: BillingPlanId) => void; testMode: boolean }) {
  return (
    <Panel title="Your plan" id="plan-summary">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-semibold text-ink-900">{BILLING_PLANS[plan].label}</p>
        {testMode && <TestModeBadge />}
      </div>
      {/* Below sm the list would push the card form far down: the plan and its price suffice. */}
      <ul className="mt-4 hidden space-y-2 text-sm text-ink-700 sm:block">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-brand-600">
              <path fill="currentColor" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
            {benefit}
          </li>
        ))}
      </ul>
      {plans.length > 1 && (
        <div className="mt-5 border-t border-ink-200 pt-4">
          <PlanPicker plans={plans} value={plan} onChange={onPlanChange} />
        </div>
      )}
    </Panel>
  );
}

function PortalButton() {
  const portal = useOpenBillingPortal();
  const navigate = useNavigate();
  const open = async () => {
    const { url } = await portal.mutateAsync();
    if (url.startsWith('/')) await navigate(url);
    else window.location.assign(url);
  };
  return (
    <Button className="mt-3" onClick={() => void open().catch(() => undefined)} pending={portal.isPending}>
      Open the billing portal
    </Button>
  );
}

/**
 * /checkout (member-app.md 2 and 4, public-site-and-admin.md 2.8): the profile is read afresh;
 * a member whose subscription_status is active or pending_cancelation goes to /home, anyone
 * else gets a checkout session: Stripe's Embedded Checkout when Stripe is configured, the local
 * test provider's card form otherwise (labelled test mode), which then goes to /activating-now.
 */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const navigate = useNavigate();
  const profile = useQuery({ ...currentUserQueryOptions(), refetchOnMount: 'always' });
  const config = useBillingConfig();
  const [plan, setPlan] = useState<BillingPlanId>('monthly');

  const user = profile.isFetchedAfterMount ? profile.data : undefined;
  const paying = Boolean(user?.subscription_status && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status));
  const salesPartner = user?.account_type === 'sales_partner' && user.company_role !== ADMIN_ROLE;
  const session = useCheckoutSession(plan, Boolean(user && salesPartner && !paying));

  if (paying) return <Navigate to="/home" replace />;
  // Paid in another tab meanwhile: the server refuses a second subscription.
  if (session.error instanceof ApiError && session.error.code === 'conflict' && session.error.message === BILLING_MESSAGES.alreadySubscribed) {
    return <Navigate to="/home" replace />;
  }

  let payment;
  if (profile.isError || config.isError) {
    payment = (
      <Alert tone="error">
        <p>We could not start the checkout.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void Promise.all([profile.refetch(), config.refetch()])}>
          Retry
        </Button>
      </Alert>
    );
  } else if (!user || !config.data) {
    payment = <PageSpinner label="Preparing your checkout…" />;
  } else if (!salesPartner) {
    payment = (
      <Alert tone="info">
        <p>{user.account_type === 'referral_partner' ? `${PLANS.referral_partner.name} accounts are free: there is nothing to pay.` : BILLING_MESSAGES.salesPartnersOnly}</p>
        {user.account_type === 'referral_partner' && (
          <Link to="/upgradesubscription" className={buttonClasses('primary', 'mt-3')}>
            Upgrade to Sales Partner
          </Link>
        )}
      </Alert>
    );
  } else if (session.isError) {
    const pastDue = session.error instanceof ApiError && session.error.message === BILLING_MESSAGES.pastDue;
    payment = (
      <Alert tone="error">
        <p>{errorMessage(session.error, 'We could not start the checkout. Please try again.')}</p>
        {pastDue ? (
          <PortalButton />
        ) : (
          <Button variant="secondary" className="mt-3" onClick={() => void session.refetch()} pending={session.isFetching}>
            Try again
          </Button>
        )}
      </Alert>
    );
  } else if (!session.data) {
    payment = <PageSpinner label="Preparing your checkout…" />;
  } else if (config.data.provider === 'stripe' && config.data.publishableKey) {
    payment = (
      <Suspense fallback={<PageSpinner label="Loading the secure payment form…" />}>
        <StripeEmbeddedCheckout publishableKey={config.data.publishableKey} clientSecret={session.data.clientSecret} />
      </Suspense>
    );
  } else {
    payment = <LocalCheckoutForm key={session.data.clientSecret} clientSecret={session.data.clientSecret} plan={plan} onPaid={() => void navigate('/activating-now')} />;
  }

  const plans = config.data?.plans ?? ['monthly'];
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">Checkout</h1>
        <p className="mt-1 text-sm text-ink-600">Start your {PLANS.sales_partner.name} subscription to create projects and request proposals.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="lg:order-2">
          <OrderSummary plan={plan} plans={plans} onPlanChange={setPlan} testMode={config.data?.testMode ?? false} />
        </div>
        <section aria-labelledby="payment-title" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6 lg:order-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="payment-title" className="text-lg font-semibold text-ink-900">
              Payment
            </h2>
            {config.data?.provider === 'local' && <TestModeBadge />}
          </div>
          <div className="mt-5">{payment}</div>
        </section>
      </div>
    </div>
  );
}
