import { Link } from 'react-router';
import contact from 'virtual:brand-content/contact';
import { usePageMeta } from '../../../components/ui/page-meta';
import { APP_NAME } from '../../../lib/config';
import { FACTS } from '../content/facts';

/**
 * /contact: 'Get in touch' with an address line, an email link and an image; no form
 * (public-site-and-admin.md 2.3). The address and the email are the brand content's.
 */
export function ContactPage() {
  usePageMeta('Get in touch', 'Contact SunIn for a commercial solar quote or to become an installation partner.');
  return (
    <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contact</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900">Get in touch</h1>
        <div className="mt-5 space-y-4 text-lg leading-relaxed text-ink-700">
          <p>
            Thinking about solar for your business? Send us a recent utility bill and we will come back with a customised proposal within{' '}
            {FACTS.proposalTurnaroundHours} hours: system size, savings, incentives and financing.
          </p>
          <p>
            Licensed installers who would like to build SunIn projects are welcome too: tell us where you work and the commercial systems you
            have built.
          </p>
        </div>
        <address className="mt-8 space-y-2 text-ink-800 not-italic">
          <p className="font-semibold">{APP_NAME}</p>
          {contact.office.streetAddress && <p>{contact.office.streetAddress}</p>}
          <p>{contact.office.line}</p>
          <p>
            <a href={`mailto:${contact.email.general}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              {contact.email.general}
            </a>
          </p>
        </address>
        <p className="mt-8 text-ink-700">
          Looking for a specific team?{' '}
          <Link to="/contact-us" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            See all our contacts
          </Link>
          .
        </p>
      </div>
      <img
        src="/images/contact-office.svg"
        width={560}
        height={420}
        alt="Illustration of the SunIn office, a building with solar panels on its roof, beside an envelope"
        className="h-auto w-full rounded-3xl"
      />
    </div>
  );
}
