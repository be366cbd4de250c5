import { Link } from 'react-router';
import { PLANS } from '@sunin/contract';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';

const HIGHLIGHTS = [
  {
    title: 'Design and engineering',
    text: 'Send us the utility bill and our engineers return a customised proposal within 48 hours.',
  },
  {
    title: 'Tailored financing',
    text: 'Help your clients use the 30% federal tax credit and financing built for commercial projects.',
  },
  {
    title: 'One platform',
    text: 'Track every project from initiation to completion, with contacts, documents and proposals in one place.',
  },
] as const;

const PLAN_PITCH = {
  referral_partner: 'Refer businesses and earn commissions without being involved in the sales cycle.',
  sales_partner: 'Run every project end to end and earn up to 70% of net profit per deal.',
} as const;

/** The public landing page (the full marketing site arrives with a later issue). */
export function LandingPage() {
  useDocumentTitle('');
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-ink-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            Unleash the Power of Commercial Solar
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-ink-700">
            SunIn gives solar sales partners everything they need to bring commercial clients to solar: design,
            engineering, tailored financing, project management and professional installation. Businesses typically save
            25-50% on energy costs with a payback of 3-7 years.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses('primary', 'px-6 py-3 text-base')}>
              Sign Up
            </Link>
            <Link to="/login" className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
              Partner login
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="highlights-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="highlights-title" className="text-2xl font-bold text-ink-900">
          All-in-one commercial solar
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li key={item.title} className="rounded-2xl border border-ink-200 bg-white p-5">
              <h3 className="font-semibold text-ink-900">{item.title}</h3>
              <p className="mt-2 text-sm text-ink-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="plans-title" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="plans-title" className="text-2xl font-bold text-ink-900">
          Become a partner
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {(['referral_partner', 'sales_partner'] as const).map((type) => (
            <li key={type} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-ink-900">{PLANS[type].name}</h3>
              <p className="mt-1 text-2xl font-bold text-brand-800">{PLANS[type].priceLabel}</p>
              <p className="mt-3 flex-1 text-sm text-ink-600">{PLAN_PITCH[type]}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
