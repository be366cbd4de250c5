import { TextLink } from '../../../components/ui/text-link';
import { AdminPageHeader } from '../components/admin-page-header';
import { PayoutSettingsForm } from '../components/payout-settings-form';

/** /admin/payout-settings (issue 38): beside the earnings settings, linked from them and from a partner's Earnings panel. */
export function PayoutSettingsPage() {
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Payout Settings" description="When paid earnings can be clawed back, and the year's totals that need a 1099-NEC. Every change is in the audit trail." />
      <PayoutSettingsForm />
      <p className="text-sm">
        <TextLink to="/admin/earnings-settings">Shares and minimum payouts</TextLink>
      </p>
    </div>
  );
}
