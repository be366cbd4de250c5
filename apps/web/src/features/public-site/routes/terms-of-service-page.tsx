import { usePageMeta } from '../../../components/ui/page-meta';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { inlineLinkClasses, LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'The partner program',
    body: (
      <p>
        SunIn connects independent partners with businesses that want commercial solar. Referral Partners introduce
        businesses and earn a commission on qualified referrals; Sales Partners work their projects through every stage and
        share in the net profit of each completed deal. The commission and profit-share terms in force when a project is
        submitted apply to that project.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <p>
          You must give accurate information when you sign up and keep it current. You are responsible for everything done
          with your account, so keep your password to yourself and tell us at once if you think someone else has used it.
        </p>
        <p>We may suspend an account that is used to mislead customers, to submit projects without the owner's consent, or to break the law.</p>
      </>
    ),
  },
  {
    heading: 'Subscriptions and billing',
    body: (
      <p>
        The Referral Partner plan is free. The Sales Partner plan is billed monthly or yearly in advance until you cancel; a
        cancellation takes effect at the end of the current billing period, and you keep access until then. Payments are
        handled by our payment provider; we never see or store your full card number.
      </p>
    ),
  },
  {
    heading: 'Projects and customer information',
    body: (
      <p>
        When you submit a project you confirm that the business has agreed to share its site, utility and contact details
        with SunIn so we can prepare a proposal. Proposals, savings estimates and incentive figures are estimates based on
        the information provided and are not guarantees of performance or tax treatment.
      </p>
    ),
  },
  {
    heading: 'Changes and contact',
    body: (
      <p>
        We may update these terms; we will tell you of material changes by email or in the portal before they apply.
        Questions about these terms go to{' '}
        <a className={inlineLinkClasses} href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  usePageMeta('Terms of Service', 'The terms that govern the SunIn Partner Portal: the partner program, accounts, subscriptions and projects.');
  return (
    <LegalPage
      title="Terms of Service"
      updated="January 2025"
      intro={<p>These terms govern your use of the SunIn Partner Portal. By creating an account you agree to them.</p>}
      sections={SECTIONS}
    />
  );
}
