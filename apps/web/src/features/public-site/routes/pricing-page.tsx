import { useEffect } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { PricingPlans } from '../components/pricing-plans';
import { FACTS, usd } from '../content/facts';
import { PARTNER_TIERS } from '../content/partner-tiers';

/** /pricing: the three partner tiers (public-site-and-admin.md 2.3 and 6). */
export function PricingPage() {
  usePageMeta(
    'Pricing',
    `SunIn partner plans: Referral Partner free, Sales Partner $${FACTS.salesMonthlyUsd}/month or ${usd(FACTS.salesYearlyUsd)}/year, and Enterprise plans coming soon.`,
  );
  // The spec's pricing page always opens at the top, whatever the scroll position before.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <>
      <PageHero eyebrow="Pricing" title="Choose how you partner with SunIn">
        Start free as a Referral Partner, or run your own deals as a Sales Partner with the full platform behind you.
      </PageHero>
      <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="plans-title" className="sr-only">
          Partner plans
        </h2>
        <PricingPlans tiers={PARTNER_TIERS} />
        <div className="mt-14 flex flex-col items-center gap-4 rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-ink-200">
          <p className="max-w-xl text-lg text-ink-700">
            Every project you bring gets a proposal engineered within {FACTS.proposalTurnaroundHours} hours, tailored financing and
            professional installation.
          </p>
          <Link to="/signup" className={buttonClasses('primary', 'px-8 py-3 text-base')}>
            Sign Up Today !
          </Link>
          <p className="text-sm text-ink-600">
            Questions first? Read the <Link to="/memberfaq" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">partner FAQs</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
