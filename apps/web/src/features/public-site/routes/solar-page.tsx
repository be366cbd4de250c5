import { Link } from 'react-router';
import { PROJECT_STAGES } from '@sunin/contract';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { FACTS } from '../content/facts';

const FIGURES = [
  { value: FACTS.savings, label: 'lower energy costs' },
  { value: FACTS.payback, label: 'typical payback' },
  { value: `${FACTS.itcBasePercent}% + 20%`, label: 'base tax credit plus possible bonus credits' },
  { value: FACTS.panelLife, label: 'panel life' },
] as const;

const STAGE_TEXT: Record<(typeof PROJECT_STAGES)[number], string> = {
  'Project Initiation': 'We collect your utility bill and site details and confirm the project is a fit.',
  'Presentation Ready': `Within ${FACTS.proposalTurnaroundHours} hours our engineers deliver your proposal and cash flow analysis.`,
  'Financing and Documentation': 'You choose cash or financing; we prepare the agreements and incentive paperwork.',
  'Site Survey and Finalization': 'The installer surveys the site, the design is finalised and permits are filed.',
  'Project Completion': 'The system is built, inspected, connected to the grid and switched on.',
};

/** /solar: why commercial solar pays, for business owners. */
export function SolarPage() {
  usePageMeta(
    'Why Commercial Solar',
    `Commercial solar cuts energy costs by ${FACTS.savings} with a ${FACTS.payback} payback, a ${FACTS.itcBasePercent}% federal tax credit and ${FACTS.financingRatePercent}% fixed-rate financing.`,
  );
  return (
    <>
      <PageHero eyebrow="Commercial solar" title="Why solar makes sense for your business">
        Lower and predictable energy costs, generous tax credits and financing that can pay for itself from the first month.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <section aria-labelledby="figures-title">
          <h2 id="figures-title" className="text-2xl font-bold text-ink-900">
            The numbers
          </h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FIGURES.map((figure) => (
              <div key={figure.label} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-5">
                <dt className="text-sm text-ink-600">{figure.label}</dt>
                <dd className="order-first text-2xl font-extrabold text-brand-800">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="mt-14 grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="savings-title">
            <h2 id="savings-title" className="text-2xl font-bold text-ink-900">
              Savings that last decades
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-ink-700">
              <p>
                A commercial system produces most of its power in the middle of the day, exactly when businesses use the most and pay the most.
                Savings of {FACTS.savings} on the power bill are typical, and they grow as utility rates rise.
              </p>
              <p>
                Once the system has paid for itself, typically within {FACTS.payback}, its output is close to free for the rest of its{' '}
                {FACTS.panelLife} life.
              </p>
            </div>
          </section>
          <section aria-labelledby="incentives-title">
            <h2 id="incentives-title" className="text-2xl font-bold text-ink-900">
              Incentives and financing
            </h2>
            <div className="mt-4 space-y-4 leading-relaxed text-ink-700">
              <p>
                The federal Investment Tax Credit covers up to {FACTS.itcBasePercent}% of the cost, plus{' '}
                {FACTS.itcEnergyCommunityBonusPercent}% for projects in energy communities and {FACTS.itcDomesticContentBonusPercent}% for
                domestic content. Non-profits receive the credit as a direct payment through elective pay, after pre-registering at least{' '}
                {FACTS.electivePayPreRegistrationDays} days before filing.
              </p>
              <p>
                Fixed-rate financing at {FACTS.financingRatePercent}% covers up to {FACTS.financingMaxPercent}% of the project, so your business
                can go solar without tying up capital.
              </p>
            </div>
          </section>
        </div>

        <section aria-labelledby="stages-title" className="mt-14">
          <h2 id="stages-title" className="text-2xl font-bold text-ink-900">
            How your project works
          </h2>
          <ol className="mt-6 grid gap-4 md:grid-cols-5">
            {PROJECT_STAGES.map((stage, index) => (
              <li key={stage} className="rounded-2xl border border-ink-200 bg-white p-5">
                <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white" aria-hidden="true">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold text-ink-900">{stage}</h3>
                <p className="mt-2 text-sm text-ink-600">{STAGE_TEXT[stage]}</p>
              </li>
            ))}
          </ol>
        </section>

        <div className="mt-12 flex flex-wrap gap-3">
          <Link to="/contact-us" className={buttonClasses('primary')}>
            Request a Quote
          </Link>
          <Link to="/gallery" className={buttonClasses('secondary')}>
            See our projects
          </Link>
        </div>
      </div>
    </>
  );
}
