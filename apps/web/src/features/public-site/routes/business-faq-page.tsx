import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { FaqAccordion } from '../components/faq-accordion';
import { PageHero } from '../components/page-hero';
import { BUSINESS_FAQS } from '../content/faqs';

/** /businessfaq: the commercial business FAQs (public-site-and-admin.md 2.3). */
export function BusinessFaqPage() {
  usePageMeta('Business FAQs', 'Commercial solar questions answered: savings, payback, tax credits, elective pay, financing and installation.');
  return (
    <>
      <PageHero eyebrow="For businesses" title="Commercial Business FAQs">
        What a solar system saves, what it costs and how the tax credits and financing work for your business.
      </PageHero>
      <FaqAccordion label="Commercial solar questions" items={BUSINESS_FAQS} />
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 px-4 pb-16">
        <Link to="/contact-us" className={buttonClasses('primary')}>
          Request a Quote
        </Link>
        <Link to="/solar" className={buttonClasses('secondary')}>
          Why commercial solar
        </Link>
      </div>
    </>
  );
}
