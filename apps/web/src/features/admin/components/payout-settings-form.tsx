import { CLAWBACK_REASON_LABELS, CLAWBACK_REASONS, type ClawbackReason, type PayoutSettings, type PayoutSettingsResponse } from '@sunin/contract';
import { TextField } from '../../../components/ui/text-field';
import { formatUsd } from '../../../lib/format';
import { usePayoutSettings, useSavePayoutSettings } from '../api/clawbacks';
import { SettingsBody, SettingsError, SettingsFooter, useSettingsForm } from './settings-form-parts';

interface FormState {
  window: string;
  notice: string;
  reasons: ClawbackReason[];
  before2026: string;
  from2026: string;
}

const toForm = (settings: PayoutSettings): FormState => ({
  window: String(settings.clawback_window_days),
  notice: String(settings.clawback_notice_days),
  reasons: [...settings.clawback_reasons],
  before2026: String(settings.reporting_threshold_usd.before_2026),
  from2026: String(settings.reporting_threshold_usd.from_2026),
});
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/[$,\s]/g, '')));
// Each reason in the contract's order, so a save does not read as a change of order.
const fromForm = (form: FormState): PayoutSettings => ({
  clawback_window_days: number(form.window),
  clawback_notice_days: number(form.notice),
  clawback_reasons: CLAWBACK_REASONS.filter((reason) => form.reasons.includes(reason)),
  reporting_threshold_usd: { before_2026: number(form.before2026), from_2026: number(form.from2026) },
});

/** The form's own check, said in its own words before anything is sent. */
export function checkPayoutForm(form: FormState): Record<string, string> {
  const problems: Record<string, string> = {};
  const days = (key: 'window' | 'notice', label: string, max: number) => {
    const value = number(form[key]);
    if (!Number.isInteger(value) || value < 0 || value > max) problems[key] = `${label} is a whole number of days from 0 to ${max}.`;
  };
  days('window', 'The clawback window', 3650);
  days('notice', 'The clawback notice', 90);
  for (const [key, label] of [['before2026', 'The threshold before 2026'], ['from2026', 'The threshold from 2026']] as const) {
    const value = number(form[key]);
    if (!Number.isFinite(value) || value < 0) problems[key] = `${label} is an amount in dollars, 0 or more.`;
  }
  return problems;
}

function PayoutForm({ data }: { data: PayoutSettingsResponse }) {
  const save = useSavePayoutSettings();
  const { form, setForm, error, fieldErrors, submit } = useSettingsForm({
    initial: data.settings,
    toForm,
    fromForm,
    validate: checkPayoutForm,
    save,
    savedValue: (saved) => saved.settings,
    toasts: { saved: 'Payout settings saved.', failed: 'Payout settings not saved.' },
  });
  const set = (field: Exclude<keyof FormState, 'reasons'>, value: string) => setForm((current) => ({ ...current, [field]: value }));
  const toggle = (reason: ClawbackReason, on: boolean) =>
    setForm((current) => ({ ...current, reasons: on ? [...new Set([...current.reasons, reason])] : current.reasons.filter((other) => other !== reason) }));
  const defaults = data.defaults;
  return (
    <form onSubmit={submit} noValidate aria-label="Payout settings" className="space-y-6">
      <SettingsError message={error} />
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="clawbacks-heading" className="space-y-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
          <h2 id="clawbacks-heading" className="text-lg font-semibold text-ink-900">
            Clawbacks
          </h2>
          <TextField
            label="Clawback window (days after payment)"
            inputMode="numeric"
            value={form.window}
            onChange={(event) => set('window', event.target.value)}
            error={fieldErrors.window ?? fieldErrors.clawback_window_days}
            hint={`Paid money can be clawed back this long without an override. Default ${defaults.clawback_window_days} days`}
          />
          <TextField
            label="Notice before a clawback applies (days)"
            inputMode="numeric"
            value={form.notice}
            onChange={(event) => set('notice', event.target.value)}
            error={fieldErrors.notice ?? fieldErrors.clawback_notice_days}
            hint={`The partner is told the date this many days ahead. Default ${defaults.clawback_notice_days} days`}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink-800">What claws back a paid entry inside the window</legend>
            {CLAWBACK_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm text-ink-800">
                <input type="checkbox" className="size-4" checked={form.reasons.includes(reason)} onChange={(event) => toggle(reason, event.target.checked)} />
                {CLAWBACK_REASON_LABELS[reason]}
              </label>
            ))}
            <p className="text-xs text-ink-500">Default: {defaults.clawback_reasons.map((reason) => CLAWBACK_REASON_LABELS[reason].toLowerCase()).join(' and ')}. An administrator can always claw back by hand.</p>
          </fieldset>
        </section>
        <section aria-labelledby="thresholds-heading" className="space-y-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
          <h2 id="thresholds-heading" className="text-lg font-semibold text-ink-900">
            1099-NEC reporting thresholds
          </h2>
          <TextField
            label="Threshold for payments before 2026 (US$)"
            inputMode="decimal"
            value={form.before2026}
            onChange={(event) => set('before2026', event.target.value)}
            error={fieldErrors.before2026 ?? fieldErrors['reporting_threshold_usd.before_2026']}
            hint={`Default ${formatUsd(defaults.reporting_threshold_usd.before_2026)}`}
          />
          <TextField
            label="Threshold for payments from 2026 (US$)"
            inputMode="decimal"
            value={form.from2026}
            onChange={(event) => set('from2026', event.target.value)}
            error={fieldErrors.from2026 ?? fieldErrors['reporting_threshold_usd.from_2026']}
            hint={`Default ${formatUsd(defaults.reporting_threshold_usd.from_2026)}`}
          />
        </section>
      </div>
      <SettingsFooter updatedAt={data.updated_at} updatedByName={data.updated_by_name} onDefaults={() => setForm(toForm(defaults))} saving={save.isPending} defaultsNote="The defaults are in use." />
    </form>
  );
}

/** The payout settings form (issue 38): the clawback window, notice and reasons, and the 1099 thresholds. */
export function PayoutSettingsForm() {
  const settings = usePayoutSettings();
  return (
    <SettingsBody query={settings} what="payout settings">
      {(data) => <PayoutForm data={data} />}
    </SettingsBody>
  );
}
