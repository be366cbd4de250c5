import { US_STATES, type EstimateAssumptions, type EstimateAssumptionsResponse, type UsStateCode } from '@sunin/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useEstimateAssumptions, useSaveEstimateAssumptions } from '../api/estimate-assumptions';
import { AdminPageHeader } from '../components/admin-page-header';
import { SettingsBody, SettingsError, SettingsFooter, useSettingsForm } from '../components/settings-form-parts';

/** How each scalar assumption is typed: a percentage shows ×100, money and counts as they are. */
const SCALARS = [
  { key: 'cost_per_watt_usd', label: 'Cost per watt (US$ per W DC)', percent: false },
  { key: 'target_offset', label: 'Target offset (% of annual usage)', percent: true },
  { key: 'energy_share', label: 'Energy share of the bill (%)', percent: true },
  { key: 'degradation', label: 'Panel degradation (% a year)', percent: true },
  { key: 'escalation', label: 'Rate escalation (% a year)', percent: true },
  { key: 'lifetime_years', label: 'Lifetime (years)', percent: false },
  { key: 'itc_base_rate', label: 'Tax credit base rate (%)', percent: true },
  { key: 'itc_adder_rate', label: 'Tax credit adder, each (%)', percent: true },
  { key: 'financing_apr', label: 'Financing APR (%)', percent: true },
  { key: 'financed_share', label: 'Financed share of the cost (%)', percent: true },
  { key: 'default_specific_yield_kwh_per_kw', label: 'Specific yield, other states (kWh per kW a year)', percent: false },
  { key: 'default_commercial_rate_cents_per_kwh', label: 'Commercial rate, other states (¢ per kWh)', percent: false },
] as const;
type ScalarKey = (typeof SCALARS)[number]['key'];

interface FormState {
  scalars: Record<ScalarKey, string>;
  terms: string;
  yields: Partial<Record<UsStateCode, string>>;
  rates: Partial<Record<UsStateCode, string>>;
}

const show = (value: number, percent: boolean) => String(percent ? Math.round(value * 1_000_000) / 10_000 : value);
const stateTable = (table: Partial<Record<UsStateCode, number>>) => Object.fromEntries(Object.entries(table).map(([code, value]) => [code, String(value)]));

function toForm(assumptions: EstimateAssumptions): FormState {
  return {
    scalars: Object.fromEntries(SCALARS.map(({ key, percent }) => [key, show(assumptions[key], percent)])) as Record<ScalarKey, string>,
    terms: assumptions.financing_terms_years.join(', '),
    yields: stateTable(assumptions.specific_yield_kwh_per_kw),
    rates: stateTable(assumptions.commercial_rate_cents_per_kwh),
  };
}

/** The typed form as the API's assumptions; blanks in the state tables mean "use the other-states figure". Values the server refuses come back with its message. */
function fromForm(form: FormState): EstimateAssumptions {
  const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
  // 8.99 % is 0.0899, not 0.08990000000000001: float noise would read as a change in the audit trail.
  const fraction = (percent: number) => Math.round(percent * 1e8) / 1e10;
  const scalars = Object.fromEntries(SCALARS.map(({ key, percent }) => [key, percent ? fraction(number(form.scalars[key])) : number(form.scalars[key])]));
  const table = (entries: Partial<Record<UsStateCode, string>>) =>
    Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value.trim() !== '').map(([code, value]) => [code, Number(value)]));
  return {
    ...(scalars as Record<ScalarKey, number>),
    financing_terms_years: form.terms.split(/[,\s]+/).filter(Boolean).map(Number),
    specific_yield_kwh_per_kw: table(form.yields),
    commercial_rate_cents_per_kwh: table(form.rates),
  };
}

function SettingsForm({ data }: { data: EstimateAssumptionsResponse }) {
  const save = useSaveEstimateAssumptions();
  const { form, setForm, error, submit } = useSettingsForm({
    initial: data.assumptions,
    toForm,
    fromForm,
    save,
    savedValue: (saved) => saved.assumptions,
    toasts: { saved: 'Estimate settings saved. Every estimate now uses them.', failed: 'Estimate settings not saved.' },
  });
  const setScalar = (key: ScalarKey, value: string) => setForm((current) => ({ ...current, scalars: { ...current.scalars, [key]: value } }));
  const setState = (table: 'yields' | 'rates', code: UsStateCode, value: string) => setForm((current) => ({ ...current, [table]: { ...current[table], [code]: value } }));

  return (
    <form onSubmit={submit} noValidate aria-label="Estimate settings" className="space-y-6">
      <SettingsError message={error} />
      <section className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-ink-900">Assumptions</h2>
        <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SCALARS.map(({ key, label, percent }) => (
            <TextField
              key={key}
              label={label}
              inputMode="decimal"
              value={form.scalars[key]}
              onChange={(event) => setScalar(key, event.target.value)}
              hint={`Default ${show(data.defaults[key], percent)}${data.sources[key] ? `. ${data.sources[key]}` : ''}`}
            />
          ))}
          <TextField
            label="Financing terms (years, comma-separated)"
            value={form.terms}
            onChange={(event) => setForm((current) => ({ ...current, terms: event.target.value }))}
            hint={`Default ${data.defaults.financing_terms_years.join(', ')}`}
          />
        </div>
      </section>
      <section className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold text-ink-900">By state</h2>
        <p className="mt-1 text-sm text-ink-600">A blank specific yield or rate uses the figure for other states above. Rates: EIA, Electric Power Annual, 2023 data.</p>
        <div className="mt-4 max-h-[32rem] overflow-auto">
          <table className="w-full min-w-[22rem] text-left text-sm">
            <thead className="sticky top-0 bg-white">
              <tr className="text-ink-500">
                <th scope="col" className="py-2 pr-3 font-medium">State</th>
                <th scope="col" className="py-2 pr-3 font-medium">Specific yield (kWh per kW)</th>
                <th scope="col" className="py-2 font-medium">Commercial rate (¢ per kWh)</th>
              </tr>
            </thead>
            <tbody>
              {US_STATES.map(([code, name]) => (
                <tr key={code} className="border-t border-ink-100">
                  <th scope="row" className="py-1.5 pr-3 font-normal text-ink-800">{name}</th>
                  <td className="py-1.5 pr-3">
                    <input aria-label={`Specific yield, ${name}`} inputMode="decimal" className="w-28 rounded-lg border border-ink-300 px-2 py-1" value={form.yields[code] ?? ''} onChange={(event) => setState('yields', code, event.target.value)} />
                  </td>
                  <td className="py-1.5">
                    <input aria-label={`Commercial rate, ${name}`} inputMode="decimal" className="w-28 rounded-lg border border-ink-300 px-2 py-1" value={form.rates[code] ?? ''} onChange={(event) => setState('rates', code, event.target.value)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <SettingsFooter updatedAt={data.updated_at} updatedByName={data.updated_by_name} onDefaults={() => setForm(toForm(data.defaults))} saving={save.isPending} />
    </form>
  );
}

/** /admin/estimate-settings: the assumptions of every savings estimate (issue 16 item 3). */
export function EstimateSettingsPage() {
  const settings = useEstimateAssumptions();
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader
        title="Estimate Settings"
        description="The numbers behind every project's preliminary savings and financing estimate. Changes apply to every estimate at once and are recorded in the audit trail."
        actions={
          <Link to="/admin/tariffs" className={buttonClasses('secondary')}>
            Tariffs
          </Link>
        }
      />
      <SettingsBody query={settings} what="estimate settings">
        {(data) => <SettingsForm data={data} />}
      </SettingsBody>
    </div>
  );
}
