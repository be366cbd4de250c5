import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usd } from '../content/facts';
import type { PartnerTier } from '../content/partner-tiers';

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-brand-700">
      <path fill="currentColor" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
    </svg>
  );
}

/** The price line: "$129 /month" for a plan with a price object, its label otherwise. */
export function PlanPrice({ tier }: { tier: PartnerTier }) {
  if (!tier.price) {
    return <p className="text-4xl font-extrabold tracking-tight text-ink-900">{tier.priceLabel}</p>;
  }
  return (
    <div>
      <p className="text-4xl font-extrabold tracking-tight text-ink-900">
        {usd(tier.price.monthlyUsd)}
        <span className="ml-1 text-base font-medium text-ink-600">/month</span>
      </p>
      <p className="mt-1 text-sm text-ink-600">or {usd(tier.price.yearlyUsd)} per year</p>
    </div>
  );
}

/** The three partner tiers in a grid (public-site-and-admin.md 2.3 "Pricing page" and 6). */
export function PricingPlans({ tiers }: { tiers: readonly PartnerTier[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {tiers.map((tier) => (
        <li
          key={tier.id}
          className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 ${
            tier.featured ? 'border-brand-600 ring-2 ring-brand-600' : 'border-ink-200'
          }`}
        >
          {/* The badge row keeps its height without a badge, so prices line up across cards. */}
          <div className="flex h-7 items-start">
            {tier.badge && <span className="rounded-full bg-sun-400/30 px-3 py-1 text-xs font-semibold text-ink-900">{tier.badge}</span>}
            {tier.featured && <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-800">Most popular</span>}
          </div>
          <h3 className="mt-2 text-xl font-bold text-ink-900">{tier.name}</h3>
          <p className="mt-2 min-h-12 text-sm text-ink-600">{tier.summary}</p>
          <div className="mt-6 min-h-20">
            <PlanPrice tier={tier} />
          </div>
          <ul className="mt-6 flex-1 space-y-3 text-sm text-ink-700">
            {tier.features.map((feature) => (
              <li key={feature} className="flex gap-3">
                <Check />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
          <Link to="/signup" className={buttonClasses(tier.featured ? 'primary' : 'secondary', 'mt-8 w-full')}>
            {tier.cta}
          </Link>
        </li>
      ))}
    </ul>
  );
}
