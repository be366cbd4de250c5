import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { FACTS } from '../content/facts';

/** The five platform features of public-site-and-admin.md 2.3. */
const FEATURES = [
  {
    title: 'Project intake and management',
    text: 'Submit a project in minutes: the company, the property, the utility details and the contacts. Every project then has its own page with its stage, its people and its history.',
  },
  {
    title: 'Dynamic proposal generation',
    text: `Request a proposal with one click. Our engineers attach a customised proposal within ${FACTS.proposalTurnaroundHours} hours of receiving the utility bill, and revisions are a request away.`,
  },
  {
    title: 'Utility and site data capture',
    text: 'Meters, monthly kilowatt-hours, roof type and age, shading and panel capacity: the data engineers need, captured once and kept with the project.',
  },
  {
    title: 'Sales pipeline and status tracking',
    text: 'See every deal and where it stands, with live notifications when a proposal is ready or a project moves to its next stage.',
  },
  {
    title: 'Document and asset management',
    text: 'Site photos, utility bills, PDFs and links stored with the project, ready to preview, download or share with the client.',
  },
] as const;

/** The pipeline steps named by the spec. */
const PIPELINE = [
  { step: 'Intake', text: 'Capture the business, the site and the utility bill.' },
  { step: 'Presentation', text: 'Present the engineered proposal and savings.' },
  { step: 'Financing', text: 'Choose cash or financing and sign.' },
  { step: 'Survey', text: 'Survey the site and finalise the design.' },
  { step: 'Finalization', text: 'Permit, install and switch on.' },
] as const;

/** /platform: 'Built for Solar Sales Pros' (public-site-and-admin.md 2.3). */
export function PlatformPage() {
  usePageMeta(
    'The Platform',
    'Built for Solar Sales Pros: project intake, dynamic proposals, utility and site data, a live sales pipeline and document management in one platform.',
  );
  return (
    <>
      <PageHero eyebrow="The Platform" title="Built for Solar Sales Pros">
        One place to run every commercial solar deal, from the first conversation to the day the system switches on.
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <section aria-labelledby="features-title">
          <h2 id="features-title" className="text-2xl font-bold text-ink-900">
            What you get
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature, index) => (
              <li key={feature.title} className="rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="text-sm font-bold text-brand-700">
                  0{index + 1}
                </span>
                <h3 className="mt-2 text-lg font-semibold text-ink-900">{feature.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-700">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="pipeline-title" className="mt-16">
          <h2 id="pipeline-title" className="text-2xl font-bold text-ink-900">
            Your pipeline, step by step
          </h2>
          <ol className="mt-6 grid gap-3 sm:grid-cols-5">
            {PIPELINE.map((item, index) => (
              <li key={item.step} className="relative rounded-2xl bg-brand-900 p-5 text-white">
                <span className="text-xs font-semibold tracking-wide text-brand-200 uppercase">Step {index + 1}</span>
                <h3 className="mt-1 text-lg font-bold">{item.step}</h3>
                <p className="mt-2 text-sm text-brand-100">{item.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <div className="mt-14 flex flex-col items-start gap-4 rounded-3xl bg-white p-8 ring-1 ring-ink-200 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg text-ink-700">Sales Partners get the whole platform and earn up to {FACTS.salesFaqProfitPercent}% of profit per deal.</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses('primary')}>
              Sign Up
            </Link>
            <Link to="/pricing" className={buttonClasses('secondary')}>
              See pricing
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
