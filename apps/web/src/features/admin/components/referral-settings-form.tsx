import { referralSettingsSchema, type ReferralSettings, type ReferralSettingsResponse } from '@sunin/contract';
import { TextField } from '../../../components/ui/text-field';
import { useReferralSettings, useSaveReferralSettings } from '../api/referral-settings';
import { SettingsBody, SettingsError, SettingsFooter, useSettingsForm } from './settings-form-parts';

type FormState = Record<keyof ReferralSettings, string>;

const FIELDS: ReadonlyArray<{ key: keyof ReferralSettings; label: string; hint: (defaults: ReferralSettings) => string }> = [
  {
    key: 'attribution_window_days',
    label: 'Attribution window (days)',
    hint: (defaults) => `A lead sent this long after a click on a partner's link is theirs; the cookie lives as long. Default ${defaults.attribution_window_days} days`,
  },
  {
    key: 'registration_days',
    label: 'Registration lasts (days)',
    hint: (defaults) => `A partner's lead expires this long after it is made unless it converts. Default ${defaults.registration_days} days`,
  },
  {
    key: 'max_open_registrations',
    label: 'Open registrations per partner',
    hint: (defaults) => `Sites a partner can hold at once by registering them by hand (leads from their link do not count). Default ${defaults.max_open_registrations}`,
  },
];

const toForm = (settings: ReferralSettings): FormState => ({
  attribution_window_days: String(settings.attribution_window_days),
  registration_days: String(settings.registration_days),
  max_open_registrations: String(settings.max_open_registrations),
});
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
const fromForm = (form: FormState): ReferralSettings => ({
  attribution_window_days: number(form.attribution_window_days),
  registration_days: number(form.registration_days),
  max_open_registrations: number(form.max_open_registrations),
});

/** The contract's own messages, by field, before anything is sent. */
export function checkReferralForm(form: FormState): Record<string, string> {
  const result = referralSettingsSchema.safeParse(fromForm(form));
  const problems: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}

function ReferralForm({ data }: { data: ReferralSettingsResponse }) {
  const save = useSaveReferralSettings();
  const { form, setForm, error, fieldErrors, submit } = useSettingsForm({
    initial: data.settings,
    toForm,
    fromForm,
    validate: checkReferralForm,
    save,
    savedValue: (saved) => saved.settings,
    toasts: { saved: 'Referral settings saved.', failed: 'Referral settings not saved.' },
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Referral settings" className="space-y-6">
      <SettingsError message={error} />
      <section className="grid gap-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm md:grid-cols-3">
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            inputMode="numeric"
            value={form[field.key]}
            onChange={(event) => setForm((current) => ({ ...current, [field.key]: event.target.value }))}
            error={fieldErrors[field.key] ?? fieldErrors[`settings.${field.key}`]}
            hint={field.hint(data.defaults)}
          />
        ))}
      </section>
      <SettingsFooter updatedAt={data.updated_at} updatedByName={data.updated_by_name} onDefaults={() => setForm(toForm(data.defaults))} saving={save.isPending} defaultsNote="The defaults are in use." />
    </form>
  );
}

/** The referral settings (issue 39): the attribution window, how long a registration lasts, and the open-registration limit. */
export function ReferralSettingsForm() {
  const settings = useReferralSettings();
  return (
    <SettingsBody query={settings} what="referral settings">
      {(data) => <ReferralForm data={data} />}
    </SettingsBody>
  );
}
