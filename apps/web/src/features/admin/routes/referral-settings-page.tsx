import { TextLink } from '../../../components/ui/text-link';
import { AdminPageHeader } from '../components/admin-page-header';
import { ReferralSettingsForm } from '../components/referral-settings-form';

/** /admin/referral-settings (issue 39): linked from the leads queue. */
export function ReferralSettingsPage() {
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Referral Settings" description="How long a partner's link attributes a lead, how long a registration lasts, and how many a partner can hold. Every change is in the audit trail; partners see the rules on their Referrals page." />
      <ReferralSettingsForm />
      <p className="text-sm">
        <TextLink to="/admin/leads">The leads queue</TextLink>
      </p>
    </div>
  );
}
