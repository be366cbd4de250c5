import { US_STATES, type EstimateAssumptions, type EstimateAssumptionsResponse, type UsStateCode } from '@sunin/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useEstimateAssumptions, useSaveEstimateAssumptions } from '../api/estimate-assumptions';
import { AdminPageHeader } from '../components/admin-page-header';
import { SettingsBody, SettingsError, SettingsFooter, useSettingsForm } from '../components/settings-form-parts';
import { FIELD_GROUPS, fraction, SETTING_FIELDS, showValue, typedNumber, type SettingField } from './estimate-settings-fields';

type FieldKey = SettingField['key'];

interface FormState {
  values: Record<FieldKey, string>;
  terms: string;
  /** The MACRS shares as percentages, one per year. */
  macrs: string[];
  yields: Partial<Record<UsStateCode, string>>;
  rates: Partial<Record<UsStateCode, string>>;
}

const stateTable = (table: Partial<Record<UsStateCode, number>>) => Object.fromEntries(Object.entries(table).map(([code, value]) => [code, String(value)]));

function toForm(assumptions: EstimateAssumptions): FormState {
  return {
    values: Object.fromEntries(SETTING_FIELDS.map(({ key, kind }) => [key, showValue(assumptions[key], kind)])) as Record<FieldKey, string>,
    terms: assumptions.financing_terms_years.join(', '),
    macrs: assumptions.macrs_schedule.map((share) => showValue(share, 'percent')),
    yields: stateTable(assumptions.specific_yield_kwh_per_kw),
    rates: stateTable(assumptions.commercial_rate_cents_per_kwh),
  };
}

/** The typed form as the API's assumptions; blanks in the state tables mean "use the other-states figure". Values the server refuses come back with its message. */
function fromForm(form: FormState): EstimateAssumptions {
  const values = Object.fromEntries(
    SETTING_FIELDS.map(({ key, kind }) => {
      const text = form.values[key];
      return [key, kind === 'day' ? text.trim() : kind === 'percent' ? fraction(typedNumber(text)) : typedNumber(text)];
    }),
  );
  const table = (entries: Partial<Record<UsStateCode, string>>) =>
    Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined && value.trim() !== '').map(([code, value]) => [code, Number(value)]));
  return {
    ...(values as Omit<EstimateAssumptions, 'financing_terms_years' | 'macrs_schedule' | 'specific_yield_kwh_per_kw' | 'commercial_rate_cents_per_kwh'>),
    financing_terms_years: form.terms.split(/[,\s]+/).filter(Boolean).map(Number),
    macrs_schedule: form.macrs.map((share) => fraction(typedNumber(share))),
    specific_yield_kwh_per_kw: table(form.yields),
    commercial_rate_cents_per_kwh: table(form.rates),
  };
}

/** The server's reason for a field: its own path, or one below it (a MACRS year, a state). */
function fieldError(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

const sectionClasses = 'rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6';

/** The MACRS schedule: one share per year, which must add up to 100 %; the sum is shown as it is typed. */
function MacrsFields({ shares, defaults, source, error, onChange }: { shares: string[]; defaults: number[]; source: string | undefined; error: string | undefined; onChange: (shares: string[]) => void }) {
  const sum = shares.reduce((total, share) => total + (Number(share) || 0), 0);
  const addsUp = Math.abs(sum - 100) < 0.05;
  return (
    <fieldset className="mt-4" aria-describedby="macrs-sum">
      <legend className="text-sm font-medium text-ink-700">MACRS schedule (% of the basis by year)</legend>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {shares.map((share, index) => (
          <TextField
            key={index}
            label={`Year ${index + 1} (%)`}
            inputMode="decimal"
            value={share}
            onChange={(event) => onChange(shares.map((current, at) => (at === index ? event.target.value : current)))}
            hint={defaults[index] === undefined ? undefined : `Default ${showValue(defaults[index], 'percent')}`}
          />
        ))}
      </div>
      <p id="macrs-sum" className={`mt-2 text-sm ${addsUp ? 'text-ink-600' : 'text-danger-700'}`}>
        {addsUp ? 'The shares add up to 100 %.' : `The shares add up to ${Math.round(sum * 100) / 100} %: they must add up to 100 %.`}
        {source ? ` ${source}.` : ''}
      </p>
      {error && <p className="mt-1 text-sm text-danger-700">{error}</p>}
    </fieldset>
  );
}

function SettingsForm({ data }: { data: EstimateAssumptionsResponse }) {
  const save = useSaveEstimateAssumptions();
  const { form, setForm, error, fieldErrors, submit } = useSettingsForm({
    initial: data.assumptions,
    toForm,
    fromForm,
    save,
    savedValue: (saved) => saved.assumptions,
    toasts: { saved: 'Estimate settings saved. Every estimate now uses them.', failed: 'Estimate settings not saved.' },
  });
  const setValue = (key: FieldKey, value: string) => setForm((current) => ({ ...current, values: { ...current.values, [key]: value } }));
  const setState = (table: 'yields' | 'rates', code: UsStateCode, value: string) => setForm((current) => ({ ...current, [table]: { ...current[table], [code]: value } }));

  return (
    <form onSubmit={submit} noValidate aria-label="Estimate settings" className="space-y-6">
      <SettingsError message={error} />
      {FIELD_GROUPS.map((group) => (
        <section key={group.title} className={sectionClasses}>
          <h2 className="text-lg font-semibold text-ink-900">{group.title}</h2>
          {group.description && <p className="mt-1 text-sm text-ink-600">{group.description}</p>}
          <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {group.fields.map(({ key, label, kind }) => (
              <TextField
                key={key}
                label={label}
                type={kind === 'day' ? 'date' : 'text'}
                inputMode={kind === 'day' ? undefined : 'decimal'}
                value={form.values[key]}
                onChange={(event) => setValue(key, event.target.value)}
                error={fieldError(fieldErrors, `assumptions.${key}`)}
                hint={`Default ${showValue(data.defaults[key], kind)}${data.sources[key] ? `. ${data.sources[key]}` : ''}`}
              />
            ))}
            {group.title === 'Financing' && (
              <TextField
                label="Financing terms (years, comma-separated)"
                value={form.terms}
                onChange={(event) => setForm((current) => ({ ...current, terms: event.target.value }))}
                error={fieldError(fieldErrors, 'assumptions.financing_terms_years')}
                hint={`Default ${data.defaults.financing_terms_years.join(', ')}`}
              />
            )}
          </div>
          {group.title === 'O&M, discounting and tax' && (
            <MacrsFields
              shares={form.macrs}
              defaults={data.defaults.macrs_schedule}
              source={data.sources.macrs_schedule}
              error={fieldError(fieldErrors, 'assumptions.macrs_schedule')}
              onChange={(macrs) => setForm((current) => ({ ...current, macrs }))}
            />
          )}
        </section>
      ))}
      <section className={sectionClasses}>
        <h2 className="text-lg font-semibold text-ink-900">By state</h2>
        <p className="mt-1 text-sm text-ink-600">
          A blank specific yield or rate uses the figure for other states above. Rates: EIA, Electric Power Annual, 2023 data; a meter on a tariff is billed by the tariff instead.
        </p>
        {(fieldError(fieldErrors, 'assumptions.specific_yield_kwh_per_kw') ?? fieldError(fieldErrors, 'assumptions.commercial_rate_cents_per_kwh')) && (
          <p className="mt-2 text-sm text-danger-700">{fieldError(fieldErrors, 'assumptions.specific_yield_kwh_per_kw') ?? fieldError(fieldErrors, 'assumptions.commercial_rate_cents_per_kwh')}</p>
        )}
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

/** /admin/estimate-settings: the assumptions of every savings estimate (issue 16 item 3, issue 35 item 6). */
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
