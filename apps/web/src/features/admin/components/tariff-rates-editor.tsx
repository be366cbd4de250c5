import { BASE, periodNames, rateErrorKey, type PeriodRow, type PlacedErrors, type RateCells } from './tariff-form-model';

const inputClasses = (invalid: boolean) =>
  `w-28 rounded-lg border bg-white px-2 py-1.5 text-base text-ink-900 focus:outline-2 focus:outline-brand-600 sm:text-sm ${invalid ? 'border-danger-600' : 'border-ink-300'}`;

/**
 * Energy rates ($/kWh) and demand charges ($/kW) per period, one row per period name plus the
 * base row: the base energy rate prices the hours in no period (required), the facility demand
 * charge applies to the month's highest kW at any hour. A blank energy rate for a period means
 * the base rate; a blank demand charge means none.
 */
export function TariffRatesEditor({ periods, rates, errors, onChange }: { periods: PeriodRow[]; rates: Record<string, RateCells>; errors: PlacedErrors; onChange: (rates: Record<string, RateCells>) => void }) {
  const rows = [BASE, ...periodNames(periods)];
  const set = (name: string, patch: Partial<RateCells>) => onChange({ ...rates, [name]: { energy: '', demand: '', ...rates[name], ...patch } });
  const overall = [errors.energy_rates, errors.demand_charges].filter(Boolean).join(' ');
  return (
    <div className="space-y-2">
      {overall && (
        <p role="alert" className="text-sm text-danger-700">
          {overall}
        </p>
      )}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[20rem] text-left text-sm">
          <caption className="sr-only">Energy rates and demand charges by period</caption>
          <thead>
            <tr className="text-ink-500">
              <th scope="col" className="py-2 pr-3 font-medium">Period</th>
              <th scope="col" className="py-2 pr-3 font-medium">Energy (US$ per kWh)</th>
              <th scope="col" className="py-2 font-medium">Demand (US$ per kW)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((name) => {
              const title = name === BASE ? 'Base / facility' : name;
              const energyError = errors[rateErrorKey('energy', name)];
              const demandError = errors[rateErrorKey('demand', name)];
              const energyLabel = name === BASE ? 'Base energy rate (US$ per kWh)' : `Energy rate, ${name} (US$ per kWh)`;
              const demandLabel = name === BASE ? 'Facility demand charge (US$ per kW)' : `Demand charge, ${name} (US$ per kW)`;
              return (
                <tr key={name || 'base'} className="border-t border-ink-100 align-top">
                  <th scope="row" className="py-2 pr-3 font-normal text-ink-800">
                    {title}
                    {name === BASE && <span className="block text-xs text-ink-500">Energy: hours in no period. Demand: highest kW at any hour.</span>}
                  </th>
                  <RateCell label={energyLabel} error={energyError} placeholder={name === BASE ? 'Required' : 'Base rate'} value={rates[name]?.energy ?? ''} onChange={(energy) => set(name, { energy })} />
                  <RateCell label={demandLabel} error={demandError} placeholder="None" value={rates[name]?.demand ?? ''} onChange={(demand) => set(name, { demand })} last />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** One rate of a period: a decimal input with its error below it. */
function RateCell({ label, error, placeholder, value, onChange, last = false }: { label: string; error: string | undefined; placeholder: string; value: string; onChange: (value: string) => void; last?: boolean }) {
  return (
    <td className={last ? 'py-2' : 'py-2 pr-3'}>
      <input
        aria-label={label}
        inputMode="decimal"
        className={inputClasses(Boolean(error))}
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <p className="mt-1 text-sm text-danger-700">{error}</p>}
    </td>
  );
}
