import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { FACTS } from '../content/facts';

const VALUES = [
  {
    title: 'Numbers you can take to the bank',
    text: "Every proposal is engineered against the client's real utility bill and rate schedule. We would rather lose a deal than win it with a savings figure the meter will not confirm.",
  },
  {
    title: 'One team, start to finish',
    text: 'Design, engineering, financing, project management and installation under one roof, so nothing is lost between hand-offs and the business has one point of contact.',
  },
  {
    title: 'Partners first',
    text: 'The people who already know a business owner are the best people to bring them solar. We give them the engineering, financing and installation team they need, and pay them fairly.',
  },
] as const;

/** /mission: text content (public-site-and-admin.md 2.3). */
export function MissionPage() {
  usePageMeta('Our Mission', 'SunIn exists to bring commercial solar to every business that can benefit, through partners they already trust.');
  return (
    <>
      <PageHero eyebrow="Our Mission" title="Bring commercial solar to every business that can benefit">
        Most businesses with a suitable roof or piece of land could cut their power bill by {FACTS.savings}. Most of them have never been
        shown how. We are changing that.
      </PageHero>
      <article className="mx-auto max-w-3xl px-4 py-14">
        <section aria-labelledby="why-title">
          <h2 id="why-title" className="text-2xl font-bold text-ink-900">
            Why we exist
          </h2>
          <div className="mt-4 space-y-4 text-lg leading-relaxed text-ink-700">
            <p>
              Commercial solar has never made more sense. The federal tax credit covers up to {FACTS.itcBasePercent}% of a system&apos;s cost,
              with bonus credits on top; non-profits can now receive it as a direct payment; and a well-designed system pays for itself in{' '}
              {FACTS.payback}, then produces power for {FACTS.panelLife}.
            </p>
            <p>
              Yet good projects stall every day. The accountant, the electrical contractor or the insurance broker who knows the business owner
              has no engineers to design the system, no lender to finance it and no crew to build it. The business owner, busy running a
              business, never hears the numbers.
            </p>
            <p>
              SunIn is the missing team. Our partners bring the relationships; we bring design, engineering, tailored financing, project
              management and professional installation, all on one platform.
            </p>
          </div>
        </section>
        <section aria-labelledby="values-title" className="mt-14">
          <h2 id="values-title" className="text-2xl font-bold text-ink-900">
            What we believe
          </h2>
          <ul className="mt-6 space-y-5">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl border border-ink-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-ink-900">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="join-title" className="mt-14 rounded-3xl bg-brand-50 p-8">
          <h2 id="join-title" className="text-2xl font-bold text-ink-900">
            Join us
          </h2>
          <p className="mt-3 text-ink-700">
            Whether you run a business that wants lower energy costs or you know businesses that do, we would like to hear from you.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/contact-us" className={buttonClasses('primary')}>
              Request a Quote
            </Link>
            <Link to="/pricing" className={buttonClasses('secondary')}>
              Become a partner
            </Link>
          </div>
        </section>
      </article>
    </>
  );
}
