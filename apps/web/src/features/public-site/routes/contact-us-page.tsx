import contact from 'virtual:brand-content/contact';
import { usePageMeta } from '../../../components/ui/page-meta';
import { PageHero } from '../components/page-hero';
import { FACTS } from '../content/facts';

const CARDS = [
  {
    topic: 'Business quote',
    text: `Get a customised commercial solar proposal within ${FACTS.proposalTurnaroundHours} hours of sending us your utility bill.`,
    email: contact.email.quotes,
  },
  {
    topic: 'Platform and membership',
    text: 'Questions about partner plans, your subscription, commissions or using the SunIn platform.',
    email: contact.email.partners,
  },
  {
    topic: 'Installer partnerships',
    text: 'Licensed commercial installers who want to build SunIn projects in their state.',
    email: contact.email.installers,
  },
  {
    topic: 'General inquiries',
    text: 'Press, careers and anything else. We answer every message within one business day.',
    email: contact.email.general,
  },
] as const;

/** /contact-us: four cards, each a topic and an email contact (public-site-and-admin.md 2.3), the addresses from the brand content. */
export function ContactUsPage() {
  usePageMeta('Contact Us', 'Request a commercial solar quote, ask about partner membership, become an install partner or send a general inquiry.');
  return (
    <>
      <PageHero eyebrow="Contact Us" title="How can we help?">
        Request a quote, ask about the partner program or join our installation network. Pick the team you need.
      </PageHero>
      <section aria-labelledby="contacts-title" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="contacts-title" className="sr-only">
          Contacts by topic
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2">
          {CARDS.map((card) => (
            <li key={card.topic} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm sm:p-8">
              <h3 className="text-xl font-bold text-ink-900">{card.topic}</h3>
              <p className="mt-2 flex-1 text-ink-700">{card.text}</p>
              <p className="mt-6">
                <a
                  href={`mailto:${card.email}`}
                  className="inline-flex items-center gap-2 font-semibold break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8">
                    <path strokeLinejoin="round" d="M3 6h18v12H3zM3 6l9 7 9-7" />
                  </svg>
                  {card.email}
                </a>
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
