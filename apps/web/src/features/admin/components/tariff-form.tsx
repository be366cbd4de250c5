import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EXPORT_CREDIT_LABELS, EXPORT_CREDITS, TARIFF_MESSAGES, tariffProblems, US_STATES, type Tariff } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LeaveGuard } from '../../../components/ui/unsaved-changes-guard';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { adminToast } from '../admin-messages';
import { useDeleteTariff, useSaveTariff } from '../api/tariffs';
import { TariffGrid } from './tariff-grid';
import { checkTariffForm, emptyTariffForm, placeErrors, tariffFromForm, tariffToForm, type PeriodRow, type PlacedErrors, type TariffForm as FormState } from './tariff-form-model';
import { TariffPeriodsEditor } from './tariff-periods-editor';
import { TariffRatesEditor } from './tariff-rates-editor';

const STATE_CODES = US_STATES.map(([code]) => code);
const STATE_LABELS = Object.fromEntries(US_STATES.map(([code, name]) => [code, `${name} (${code})`]));
/** The fields shown beside their inputs; any other error goes to the alert at the top. */
const FIELD_KEYS = new Set(['name', 'utility', 'state', 'effective_date', 'source', 'customer_charge_usd', 'export_credit', 'export_rate_usd_per_kwh', 'periods', 'energy_rates', 'demand_charges']);
const isPlacedBelow = (key: string) => FIELD_KEYS.has(key) || /^periods\.\d+$/.test(key) || /^(energy|demand):/.test(key);

export const TARIFF_TOASTS = { saved: 'Tariff saved.', saveFailed: 'Tariff not saved.', deleted: 'Tariff deleted.', deleteFailed: 'Tariff not deleted.' } as const;

/** When a period is renamed and no other row keeps the old name, its rates go with it. */
function carryRates(form: FormState, periods: PeriodRow[]): FormState['rates'] {
  const rates = { ...form.rates };
  periods.forEach((period, index) => {
    const before = form.periods[index];
    if (!before || before.key !== period.key) return;
    const was = before.name.trim();
    const now = period.name.trim();
    if (was === now || !was || !now || rates[now] || periods.some((other) => other.name.trim() === was)) return;
    if (rates[was]) rates[now] = rates[was];
    delete rates[was];
  });
  return rates;
}

/**
 * The tariff editor (issue 35 item 4): the body's fields, the periods as rows, the rates per
 * period and the 12 x 24 grids, live. The contract's schema checks the form before it is sent;
 * the server's 422 lands on the same fields.
 */
export function TariffForm({ tariff }: { tariff?: Tariff }) {
  const id = tariff?.id ?? null;
  const navigate = useNavigate();
  const [form, setForm] = useState<FormState>(() => (tariff ? tariffToForm(tariff) : emptyTariffForm()));
  const [errors, setErrors] = useState<PlacedErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Where to go once saved or deleted: set first, so the leave guard lets the page go (an effect navigates).
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const [baseline] = useState(() => JSON.stringify(form));
  const unsaved = leavingTo === null && JSON.stringify(form) !== baseline;
  useEffect(() => {
    if (leavingTo !== null) void navigate(leavingTo);
  }, [leavingTo, navigate]);
  const save = useSaveTariff(id);
  const remove = useDeleteTariff(id ?? 0);

  const edit = (patch: Partial<FormState>) => setForm((current) => ({ ...current, ...patch }));
  const text = (key: 'name' | 'utility' | 'effective_date' | 'source' | 'customer_charge_usd' | 'export_rate_usd_per_kwh') => ({
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => edit({ [key]: event.target.value }),
  });
  // Overlaps show under the grid as the periods change, before any save.
  const built = tariffFromForm(form);
  const overlaps = tariffProblems(built.input).filter((problem) => problem.path[0] === 'periods' && problem.message.includes('overlaps'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = checkTariffForm(form);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      setFailure(problemSummary(checked.errors));
      return;
    }
    save.mutate(checked.input, {
      onSuccess: () => {
        adminToast.success(TARIFF_TOASTS.saved);
        setLeavingTo('/admin/tariffs');
      },
      onError: (error) => {
        const placed = error instanceof ApiError ? placeErrors(error.fields, built) : {};
        setErrors(placed);
        setFailure(Object.keys(placed).length > 0 ? problemSummary(placed) : errorMessage(error, 'The tariff could not be saved. Please try again.'));
        adminToast.error(TARIFF_TOASTS.saveFailed);
      },
    });
  };

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        adminToast.success(TARIFF_TOASTS.deleted);
        setLeavingTo('/admin/tariffs');
      },
      onError: (error) => {
        setConfirming(false);
        setFailure(errorMessage(error, 'The tariff could not be deleted. Please try again.'));
        adminToast.error(TARIFF_TOASTS.deleteFailed);
      },
    });

  return (
    <form onSubmit={submit} noValidate aria-label="Tariff" className="space-y-6">
      {tariff?.example && <Alert tone="info">{TARIFF_MESSAGES.exampleNote} Saving it makes it a tariff of your own (no longer marked as an example).</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Section title="Tariff">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Name" maxLength={100} {...text('name')} />
          <TextField label="Utility" maxLength={100} {...text('utility')} />
          <SelectField label="State" options={STATE_CODES} labels={STATE_LABELS} placeholder="Select a state…" value={form.state} error={errors.state} onChange={(event) => edit({ state: event.target.value })} />
          <TextField label="Effective date" type="date" {...text('effective_date')} />
          <TextField label="Customer charge (US$ per month)" inputMode="decimal" {...text('customer_charge_usd')} />
          <SelectField
            label="Export credit"
            options={EXPORT_CREDITS}
            labels={EXPORT_CREDIT_LABELS}
            placeholder="Select the export rule…"
            value={form.export_credit}
            error={errors.export_credit}
            onChange={(event) => edit({ export_credit: event.target.value as FormState['export_credit'] })}
          />
          <TextField
            label="Export rate (US$ per kWh)"
            inputMode="decimal"
            hint={form.export_credit === 'net_metering' ? 'Pays the credit left over at the end of the year.' : 'What each exported kWh earns.'}
            {...text('export_rate_usd_per_kwh')}
          />
          <TextAreaField label="Source" className="sm:col-span-2" maxLength={2000} value={form.source} error={errors.source} onChange={(event) => edit({ source: event.target.value })} />
        </div>
      </Section>
      <Section title="Time-of-use periods" description="Hours are local clock time, from the start hour up to (not including) the end hour. An hour in no period costs the base rate.">
        <TariffPeriodsEditor periods={form.periods} errors={errors} onChange={(periods) => setForm((current) => ({ ...current, periods, rates: carryRates(current, periods) }))} />
      </Section>
      <Section title="Rates" description="US$ per kWh of energy and per kW of the month's peak demand.">
        <TariffRatesEditor periods={form.periods} rates={form.rates} errors={errors} onChange={(rates) => edit({ rates })} />
      </Section>
      <Section title="Periods by month and hour" description="Each cell is the period of that month and hour; the grids follow the periods as you edit them.">
        <TariffGrid periods={form.periods} />
        {overlaps.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-danger-700" aria-label="Overlapping periods">
            {overlaps.map((problem) => (
              <li key={problem.message}>{problem.message}</li>
            ))}
          </ul>
        )}
      </Section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {id !== null && (
          <Button variant="ghost-danger" className="sm:mr-auto" onClick={() => setConfirming(true)}>
            Delete tariff
          </Button>
        )}
        <Button variant="secondary" onClick={() => void navigate('/admin/tariffs')}>
          Cancel
        </Button>
        <Button type="submit" pending={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tariff'}
        </Button>
      </div>
      <LeaveGuard unsaved={unsaved}>You have unsaved changes to this tariff. If you leave this page, they will be lost.</LeaveGuard>
      <ConfirmDialog open={confirming} title="Delete this tariff?" confirmLabel="Yes, delete it" onConfirm={confirmDelete} onCancel={() => setConfirming(false)} pending={remove.isPending}>
        <p>
          “{tariff?.name}” will be deleted for everyone. A tariff a project’s meter is on cannot be deleted: choose another tariff for those meters first.
        </p>
      </ConfirmDialog>
    </form>
  );
}

/** "Fix the 2 problems marked below.", with a problem that has no field of its own spelled out. */
function problemSummary(errors: PlacedErrors): string {
  const unplaced = Object.entries(errors).filter(([key]) => !isPlacedBelow(key)).map(([, message]) => message);
  const count = Object.keys(errors).length;
  return [`Fix the ${count === 1 ? 'problem' : `${count} problems`} marked below.`, ...unplaced].join(' ');
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
