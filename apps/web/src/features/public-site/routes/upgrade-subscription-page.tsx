import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { isLoggedIn } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import type { FromState } from '../../../lib/redirect';
import { readSession } from '../../../lib/session';
import { useUpgradeToSales } from '../api/upgrade-to-sales';
import { PageHero } from '../components/page-hero';
import { FACTS, usd } from '../content/facts';
import { PARTNER_TIERS } from '../content/partner-tiers';

const SALES_TIER = PARTNER_TIERS.find((tier) => tier.id === 'sales_partner');

/**
 * /upgradesubscription: a signed-in referral partner moves to the Sales Partner plan, then pays
 * at /checkout. A visitor without a session is asked to log in first.
 */
export function UpgradeSubscriptionPage() {
  usePageMeta('Upgrade to Sales Partner', `Move from Referral Partner to Sales Partner: the full SunIn platform for $${FACTS.salesMonthlyUsd}/month.`);
  const location = useLocation();
  const navigate = useNavigate();
  const upgrade = useUpgradeToSales();
  const [error, setError] = useState<string | null>(null);
  const session = readSession();

  const onUpgrade = async () => {
    setError(null);
    try {
      await upgrade.mutateAsync();
      await navigate('/checkout');
    } catch (caught) {
      setError(errorMessage(caught, 'We could not change your plan. Please try again.'));
    }
  };

  let action;
  if (!isLoggedIn(session)) {
    const state: FromState = { from: location.pathname };
    action = (
      <div className="space-y-3">
        <p className="text-ink-700">Log in to your partner account to upgrade.</p>
        <Link to="/login" state={state} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
          Log in to upgrade
        </Link>
      </div>
    );
  } else if (session.accountType === 'sales_partner') {
    action = (
      <div className="space-y-3">
        <p className="text-ink-700">You are already a Sales Partner.</p>
        <Link to="/home" className={buttonClasses('primary')}>
          Go to your dashboard
        </Link>
      </div>
    );
  } else {
    action = (
      <div className="space-y-3">
        {error && <Alert tone="error">{error}</Alert>}
        <Button className="px-6 py-3 text-base" pending={upgrade.isPending} onClick={() => void onUpgrade()}>
          Upgrade to Sales Partner
        </Button>
        <p className="text-sm text-ink-600">You will be taken to a secure checkout to start your subscription.</p>
      </div>
    );
  }

  return (
    <>
      <PageHero eyebrow="Upgrade" title="Become a Sales Partner">
        Run your own deals from first meeting to installation, with the whole SunIn platform and team behind you.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2">
        <section aria-labelledby="plan-title" className="rounded-2xl border border-brand-600 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="plan-title" className="text-xl font-bold text-ink-900">
            Sales Partner plan
          </h2>
          <p className="mt-4 text-4xl font-extrabold text-ink-900">
            {usd(FACTS.salesMonthlyUsd)}
            <span className="ml-1 text-base font-medium text-ink-600">/month</span>
          </p>
          <p className="mt-1 text-sm text-ink-600">or {usd(FACTS.salesYearlyUsd)} per year</p>
          <ul className="mt-6 list-disc space-y-2 pl-5 text-ink-700">
            {SALES_TIER?.features.map((feature) => <li key={feature}>{feature}</li>)}
          </ul>
        </section>
        <section aria-labelledby="switch-title">
          <h2 id="switch-title" className="text-xl font-bold text-ink-900">
            What changes
          </h2>
          <div className="mt-4 space-y-3 leading-relaxed text-ink-700">
            <p>
              As a Referral Partner you earn up to {FACTS.referralProfitPercent}% of profit on the leads you refer. As a Sales Partner you
              present the proposals, guide clients through financing and earn up to {FACTS.salesFaqProfitPercent}% of profit per deal.
            </p>
            <p>Your projects, contacts and history stay exactly where they are.</p>
          </div>
          <div className="mt-8">{action}</div>
        </section>
      </div>
    </>
  );
}
