import { usePageMeta } from '../../../components/ui/page-meta';
import { SUPPORT_EMAIL } from '../../../lib/config';
import { inlineLinkClasses, LegalPage, type LegalSection } from '../components/legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <p>
        Your account details (name, username, email address, phone number and mailing address), the plan you chose and who
        referred you; the projects you submit, including the business's site, utility and contact details; and basic
        technical data such as sign-in times, which we use to keep accounts secure.
      </p>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        To run your account and the partner program: preparing proposals, tracking projects, paying commissions, sending
        notifications about your projects and, if you agreed to it, news about the program. You can withdraw marketing
        consent at any time.
      </p>
    ),
  },
  {
    heading: 'Who can see it',
    body: (
      <p>
        Your profile is visible to other members and to employees of our installation and engineering providers, who need it
        to work on your projects. We share payment details only with our payment provider, and we never sell personal
        information.
      </p>
    ),
  },
  {
    heading: 'Keeping it safe',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, connections are encrypted, and sessions expire after two days.
        Password reset links are single use and expire after six hours.
      </p>
    ),
  },
  {
    heading: 'Your choices',
    body: (
      <p>
        You can correct most of your details on your profile page. To correct anything else, or to ask for a copy or the
        deletion of your data, email{' '}
        <a className={inlineLinkClasses} href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  usePageMeta('Privacy Policy', 'What the SunIn Partner Portal collects about partners and their projects, why, who can see it and your choices.');
  return (
    <LegalPage
      title="Privacy Policy"
      updated="January 2025"
      intro={<p>This policy explains what the SunIn Partner Portal collects about you, why, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
