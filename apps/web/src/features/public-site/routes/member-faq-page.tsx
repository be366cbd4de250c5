import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { usePageMeta } from '../../../components/ui/page-meta';
import { FaqAccordion } from '../components/faq-accordion';
import { PageHero } from '../components/page-hero';
import { PARTNER_FAQS } from '../content/faqs';

/** /memberfaq: the partnership FAQs (public-site-and-admin.md 2.3). */
export function MemberFaqPage() {
  usePageMeta('Partner FAQs', 'Answers for SunIn partners: plans, earnings, payouts, proposals and the platform.');
  return (
    <>
      <PageHero eyebrow="For partners" title="Partnership FAQs">
        How the SunIn Partner Program works, what it costs and how partners earn.
      </PageHero>
      <FaqAccordion label="Partner program questions" items={PARTNER_FAQS} />
      <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-3 px-4 pb-16">
        <Link to="/pricing" className={buttonClasses('primary')}>
          Compare plans
        </Link>
        <Link to="/contact-us" className={buttonClasses('secondary')}>
          Ask us a question
        </Link>
      </div>
    </>
  );
}
