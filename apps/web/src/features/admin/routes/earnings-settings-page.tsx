import { ACCOUNT_TYPE_LABELS, EARNING_TIERS, type EarningsSettings, type EarningsSettingsResponse, type EarningTier } from '@sunin/contract';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { formatUsd } from '../../../lib/format';
import { useEarningsSettings, useSaveEarningsSettings } from '../api/earnings';
import { AdminPageHeader } from '../components/admin-page-header';
import { SettingsBody, SettingsError, SettingsFooter, useSettingsForm } from '../components/settings-form-parts';

type FormState = Record<EarningTier, { share: string; minimum: string }>;

const percentText = (rate: number) => String(Math.round(rate * 1_000_000) / 10_000);
const toForm = (settings: EarningsSettings): FormState =>
  Object.fromEntries(EARNING_TIERS.map((tier) => [tier, { share: percentText(settings.tiers[tier].share_rate), minimum: String(settings.tiers[tier].minimum_payout_usd) }])) as FormState;

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[$,\s%]/g, '')));

/**
 * The share is typed as a percent (20 for 20 %) and sent as a fraction (0.2), so its limits are
 * said in percent here, before the server's fraction-worded ones could be (issue 37 item 7).
 */
export function checkEarningsForm(form: FormState): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const tier of EARNING_TIERS) {
    const share = number(form[tier].share);
    if (!Number.isFinite(share)) problems[`${tier}.share`] = 'Type the share as a percent, for example 20.';
    else if (share < 0) problems[`${tier}.share`] = 'The share is at least 0 %.';
    else if (share > 100) problems[`${tier}.share`] = 'The share is at most 100 %.';
    else if (Math.abs(Math.round(share * 100) - share * 100) > 1e-6) problems[`${tier}.share`] = 'The share has at most two decimals, for example 12.5.';
    const minimum = number(form[tier].minimum);
    if (!Number.isFinite(minimum)) problems[`${tier}.minimum`] = 'Type the minimum payout in dollars, for example 2500 (0 for none).';
    else if (minimum < 0) problems[`${tier}.minimum`] = 'The minimum payout cannot be negative.';
  }
  return problems;
}

function fromForm(form: FormState): EarningsSettings {
  return {
    tiers: Object.fromEntries(
      EARNING_TIERS.map((tier) => [tier, { share_rate: Math.round(number(form[tier].share) * 100) / 10_000, minimum_payout_usd: number(form[tier].minimum) }]),
    ) as EarningsSettings['tiers'],
  };
}

function SettingsForm({ data }: { data: EarningsSettingsResponse }) {
  const save = useSaveEarningsSettings();
  const { form, setForm, error, fieldErrors, submit } = useSettingsForm({
    initial: data.settings,
    toForm,
    fromForm,
    validate: checkEarningsForm,
    save,
    savedValue: (saved) => saved.settings,
    toasts: { saved: 'Earnings settings saved. Deals recorded or corrected from now on use them.', failed: 'Earnings settings not saved.' },
  });
  const set = (tier: EarningTier, field: 'share' | 'minimum', value: string) => setForm((current) => ({ ...current, [tier]: { ...current[tier], [field]: value } }));

  return (
    <form onSubmit={submit} noValidate aria-label="Earnings settings" className="space-y-6">
      <SettingsError message={error} />
      <div className="grid gap-4 lg:grid-cols-3">
        {EARNING_TIERS.map((tier) => (
          <section key={tier} aria-labelledby={`tier-${tier}`} className="space-y-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id={`tier-${tier}`} className="text-lg font-semibold text-ink-900">
              {ACCOUNT_TYPE_LABELS[tier]}
            </h2>
            <TextField
              label={`${ACCOUNT_TYPE_LABELS[tier]} share (% of net profit)`}
              inputMode="decimal"
              value={form[tier].share}
              onChange={(event) => set(tier, 'share', event.target.value)}
              error={fieldErrors[`${tier}.share`]}
              hint={`A percent: 20 means 20 %. Default ${percentText(data.defaults.tiers[tier].share_rate)} %`}
            />
            <TextField
              label={`${ACCOUNT_TYPE_LABELS[tier]} minimum payout (US$)`}
              inputMode="decimal"
              value={form[tier].minimum}
              onChange={(event) => set(tier, 'minimum', event.target.value)}
              error={fieldErrors[`${tier}.minimum`]}
              hint={data.defaults.tiers[tier].minimum_payout_usd > 0 ? `Default ${formatUsd(data.defaults.tiers[tier].minimum_payout_usd)}` : 'Default none (0)'}
            />
          </section>
        ))}
      </div>
      <p className="text-sm text-ink-600">
        A new share applies to deals recorded or corrected from now on; entries already recorded keep theirs until their deal is saved again, and paid entries never change.
        Every change is in the audit trail.
      </p>
      <SettingsFooter updatedAt={data.updated_at} updatedByName={data.updated_by_name} onDefaults={() => setForm(toForm(data.defaults))} saving={save.isPending} />
    </form>
  );
}

/** /admin/earnings-settings (issue 17 item 2): each tier's share and minimum payout. Linked from a partner's Earnings panel. */
export function EarningsSettingsPage() {
  const settings = useEarningsSettings();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Earnings Settings" description="The share of a deal's net profit each partner tier earns, and the approved balance a payout waits for." />
      <SettingsBody query={settings} what="earnings settings">
        {(data) => <SettingsForm data={data} />}
      </SettingsBody>
      <p className="text-sm">
        <TextLink to="/admin/payout-settings">Payout settings: the clawback window and the 1099 thresholds</TextLink>
      </p>
    </div>
  );
}
