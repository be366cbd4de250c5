import { Link } from 'react-router';
import { FREE_ESTIMATE_PATH } from '@sunin/contract';
import caseStudies from 'virtual:brand-content/case-studies';
import partners from 'virtual:brand-content/partners';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { BrandPicture } from '../components/brand-picture';
import { CaseStudies } from '../components/case-studies';
import { SectionHeading } from '../components/section-heading';
import { ServiceTiles } from '../components/service-tiles';
import { UsMarketMap } from '../components/us-market-map';
import { FACTS } from '../content/facts';
import { SERVICES } from '../content/services';

const BENEFITS = [
  { value: FACTS.savings, label: 'typical savings on energy costs' },
  { value: FACTS.payback, label: 'typical payback period' },
  { value: `${FACTS.itcBasePercent}%`, label: 'federal tax credit, with up to 20% in bonus credits' },
  { value: FACTS.panelLife, label: 'of clean power from every panel' },
] as const;

const SUITE_FEATURES = [
  'Project intake and a live pipeline from first contact to switch-on',
  `Engineered proposals within ${FACTS.proposalTurnaroundHours} hours of the utility bill`,
  'Every contact, document, photo and proposal in one place',
  'Training videos in SunIn School to get you selling fast',
] as const;

/** The landing page, in the order of public-site-and-admin.md 2.3. */
export function LandingPage() {
  usePageMeta(
    'Commercial Solar for Businesses and Sales Partners',
    `SunIn designs, engineers, finances and installs commercial solar: ${FACTS.savings} savings, a ${FACTS.payback} payback and up to ${FACTS.itcBasePercent}% back through the federal tax credit.`,
  );
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-ink-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Commercial solar, made simple</p>
            <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
              Unleash the Power of Commercial Solar
            </h1>
            <p className="mt-5 max-w-xl text-lg text-ink-700">
              Design, engineering, tailored financing, project management and professional installation, on one platform. Businesses cut
              their energy costs by {FACTS.savings}; our sales partners bring the deals and we do the rest.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={FREE_ESTIMATE_PATH} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
                Free savings estimate
              </Link>
              <Link to="/contact-us" className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
                Contact Us
              </Link>
              <Link to="/mission" className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
                Our Mission
              </Link>
            </div>
          </div>
          <img
            src="/images/hero-rooftop.svg"
            width={640}
            height={480}
            alt="Illustration of a commercial building with rows of solar panels on its roof under a bright sun"
            className="h-auto w-full rounded-3xl"
            fetchPriority="high"
          />
        </div>
      </section>

      <section aria-labelledby="services-title" className="mx-auto max-w-6xl px-4 py-16">
        <SectionHeading id="services-title" eyebrow="Everything a commercial project needs" title="All-In-One Services">
          From the first utility bill to the day the system switches on, one team handles every step.
        </SectionHeading>
        <ServiceTiles services={SERVICES} />
      </section>

      <section aria-labelledby="partners-title" className="border-y border-ink-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="partners-title" className="text-center text-lg font-semibold text-ink-700">
            Trusted Partners
          </h2>
          <p className="mt-1 text-center text-sm text-ink-600">Licensed installation partners who build SunIn projects</p>
          <ul className="mt-8 grid grid-cols-2 items-center gap-x-6 gap-y-8 sm:grid-cols-3 lg:grid-cols-6">
            {partners.map((partner) => {
              // A logo of any shape fits a 176 × 48 box, drawn whole (object-contain).
              const logo = <BrandPicture image={partner.logo} alt={partner.name} sizes="176px" className="h-12 w-full max-w-44 object-contain" />;
              return (
                <li key={partner.name} className="flex justify-center">
                  {partner.url ? (
                    <a href={partner.url} className="flex w-full max-w-44 justify-center rounded" rel="noopener">
                      {logo}
                    </a>
                  ) : (
                    logo
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="empower-title" className="mx-auto max-w-6xl px-4 py-16">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="empower-title" className="text-3xl font-bold tracking-tight text-ink-900">
              Empower Your Business with Solar
            </h2>
            <p className="mt-4 text-lg text-ink-700">
              Solar turns an unpredictable monthly bill into an asset your business owns. With fixed-rate financing at {FACTS.financingRatePercent}%
              covering up to {FACTS.financingMaxPercent}% of the project, many businesses save from the very first month.
            </p>
            <Link to="/contact-us" className={buttonClasses('primary', 'mt-8 px-6 py-3 text-base')}>
              Contact Us
            </Link>
          </div>
          <dl className="grid gap-4 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <div key={benefit.label} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-5">
                <dt className="text-sm text-ink-600">{benefit.label}</dt>
                <dd className="order-first text-3xl font-extrabold text-brand-800">{benefit.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="cases-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="cases-title" eyebrow="Results" title="Case Studies">
            Three businesses, three ways to go solar.
          </SectionHeading>
          <CaseStudies studies={caseStudies} />
        </div>
      </section>

      <section aria-labelledby="suite-title" className="mx-auto max-w-6xl px-4 py-16">
        <div className="grid gap-8 rounded-3xl bg-brand-900 p-8 text-white sm:p-12 lg:grid-cols-[1.2fr_1fr] lg:items-center">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">For sales partners</p>
            <h2 id="suite-title" className="mt-2 text-3xl font-bold tracking-tight">
              Sales Pro Suite
            </h2>
            <p className="mt-4 text-lg text-brand-100">
              Everything you need to sell commercial solar, without an engineering department of your own. Sales Partners earn up to{' '}
              {FACTS.salesFaqProfitPercent}% of profit per deal.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/signup" className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
                Sign up as a partner
              </Link>
              <Link to="/platform" className="inline-flex min-h-10 items-center rounded-lg px-4 py-3 text-base font-semibold text-white underline-offset-4 hover:underline">
                Explore the platform
              </Link>
            </div>
          </div>
          <ul className="space-y-3">
            {SUITE_FEATURES.map((feature) => (
              <li key={feature} className="flex gap-3 text-brand-50">
                <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-sun-400">
                  <path fill="currentColor" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="map-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <SectionHeading id="map-title" eyebrow="Where we build" title="Our US Markets">
            SunIn builds in five states today. Select a highlighted state to learn about its market.
          </SectionHeading>
          <div className="flex justify-center">
            <UsMarketMap />
          </div>
        </div>
      </section>
    </>
  );
}
