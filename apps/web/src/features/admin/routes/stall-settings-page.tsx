import { STALL_STAGES, STALL_THRESHOLD_MAX_DAYS, STALL_THRESHOLD_MIN_DAYS, type StallSettingsResponse, type StallStage, type StallThresholds } from '@sunin/contract';
import { TextField } from '../../../components/ui/text-field';
import { useSaveStallSettings, useStallSettings } from '../api/stall-settings';
import { AdminPageHeader } from '../components/admin-page-header';
import { SettingsBody, SettingsError, SettingsFooter, useSettingsForm } from '../components/settings-form-parts';

type FormState = Record<StallStage, string>;

const toForm = (thresholds: StallThresholds): FormState => Object.fromEntries(STALL_STAGES.map((stage) => [stage, String(thresholds[stage])])) as FormState;
// A blank or non-numeric field is sent as NaN, which the server refuses with the stage's own message.
const fromForm = (form: FormState): StallThresholds =>
  Object.fromEntries(STALL_STAGES.map((stage) => [stage, form[stage].trim() === '' ? Number.NaN : Number(form[stage].trim())])) as StallThresholds;

function SettingsForm({ data }: { data: StallSettingsResponse }) {
  const save = useSaveStallSettings();
  const { form, setForm, error, submit } = useSettingsForm({
    initial: data.thresholds,
    toForm,
    fromForm,
    save,
    savedValue: (saved) => saved.thresholds,
    toasts: { saved: 'Stall settings saved. Projects are marked Stalled by them from now on.', failed: 'Stall settings not saved.' },
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Stall settings" className="space-y-6">
      <SettingsError message={error} />
      <section aria-labelledby="stall-thresholds" className="space-y-4 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
        <h2 id="stall-thresholds" className="text-lg font-semibold text-ink-900">
          Days before a project is stalled
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {STALL_STAGES.map((stage) => (
            <TextField
              key={stage}
              label={`${stage} (days)`}
              inputMode="numeric"
              value={form[stage]}
              onChange={(event) => setForm((current) => ({ ...current, [stage]: event.target.value }))}
              hint={`Default ${data.defaults[stage]} days; whole days from ${STALL_THRESHOLD_MIN_DAYS} to ${STALL_THRESHOLD_MAX_DAYS}.`}
            />
          ))}
        </div>
      </section>
      <p className="text-sm text-ink-600">
        A project that stays at one of these stages longer is marked Stalled in the project lists and on its page, and its owner and every full access admin are notified
        once, within the hour. Moving it to another stage starts the count again. Project Completion and Archived never stall. Every change is in the audit trail.
      </p>
      <SettingsFooter
        updatedAt={data.updated_at}
        updatedByName={data.updated_by_name}
        onDefaults={() => setForm(toForm(data.defaults))}
        saving={save.isPending}
        defaultsNote="The default thresholds are in use."
      />
    </form>
  );
}

/** /admin/stall-settings (issue 18 item 3): the stall threshold of each working stage. Linked from All Projects. */
export function StallSettingsPage() {
  const settings = useStallSettings();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Stall Settings" description="How long a project may stay at each stage before it is marked Stalled and its owner and the admins are told." />
      <SettingsBody query={settings} what="stall settings">
        {(data) => <SettingsForm data={data} />}
      </SettingsBody>
    </div>
  );
}
