import { DAY_KINDS, MONTH_NAMES, MONTH_SHORT_NAMES, type DayKind } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { TextField } from '../../../components/ui/text-field';
import { newPeriod, type PeriodRow, type PlacedErrors } from './tariff-form-model';

const DAY_LABELS: Record<DayKind, string> = { weekday: 'Weekdays', weekend: 'Weekends', all: 'Every day' };
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The TOU periods as rows: a name, its months, its days and its hours [start, end). Two rows of
 * the same name are one period (an off-peak before and after the peak).
 */
export function TariffPeriodsEditor({ periods, errors, onChange }: { periods: PeriodRow[]; errors: PlacedErrors; onChange: (periods: PeriodRow[]) => void }) {
  const update = (index: number, patch: Partial<PeriodRow>) => onChange(periods.map((period, at) => (at === index ? { ...period, ...patch } : period)));
  const toggleMonth = (index: number, month: number) => {
    const months = periods[index]!.months;
    update(index, { months: months.includes(month) ? months.filter((m) => m !== month) : [...months, month].sort((a, b) => a - b) });
  };
  return (
    <div className="space-y-4">
      {periods.length === 0 && <p className="text-sm text-ink-600">No periods: every hour costs the base rate. Add a period for each time-of-use window.</p>}
      {errors.periods && (
        <p role="alert" className="text-sm text-danger-700">
          {errors.periods}
        </p>
      )}
      <ol className="space-y-4">
        {periods.map((period, index) => {
          const label = period.name.trim() || `Period ${index + 1}`;
          const problem = errors[`periods.${index}`];
          return (
            <li key={period.key} className={`rounded-xl border p-4 ${problem ? 'border-danger-600' : 'border-ink-200'}`} aria-label={`Period row ${index + 1}: ${label}`}>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
                <TextField label="Period name" value={period.name} maxLength={50} onChange={(event) => update(index, { name: event.target.value })} placeholder="On-peak" />
                <Select label="Days" value={period.days} onChange={(value) => update(index, { days: value as DayKind })} options={DAY_KINDS.map((kind) => [kind, DAY_LABELS[kind]])} />
                <Select label="From" value={String(period.start_hour)} onChange={(value) => update(index, { start_hour: Number(value) })} options={Array.from({ length: 24 }, (_, hour) => [String(hour), hourLabel(hour)])} />
                <Select label="Until" value={String(period.end_hour)} onChange={(value) => update(index, { end_hour: Number(value) })} options={Array.from({ length: 24 }, (_, hour) => [String(hour + 1), hourLabel(hour + 1)])} />
              </div>
              <fieldset className="mt-3 min-w-0">
                <legend className={labelClasses}>Months of {label}</legend>
                <div className="mt-1 grid grid-cols-4 gap-x-3 gap-y-1 sm:grid-cols-6 lg:grid-cols-12">
                  {MONTH_SHORT_NAMES.map((short, at) => (
                    <label key={short} className="flex min-h-8 items-center gap-1.5 text-sm text-ink-800">
                      <input type="checkbox" className="h-4 w-4 rounded border-ink-300 text-brand-700" checked={period.months.includes(at + 1)} onChange={() => toggleMonth(index, at + 1)} aria-label={`${MONTH_NAMES[at]}, ${label}`} />
                      <span aria-hidden="true">{short}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              {problem && <p className="mt-2 text-sm text-danger-700">{problem}</p>}
              <div className="mt-3 flex justify-end">
                <Button variant="ghost-danger" onClick={() => onChange(periods.filter((_, at) => at !== index))} aria-label={`Remove period row ${index + 1} (${label})`}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" onClick={() => onChange([...periods, newPeriod()])}>
        Add period
      </Button>
    </div>
  );
}

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: string[][] }) {
  return (
    <label className="block">
      <span className={labelClasses}>{label}</span>
      <select className={fieldClasses(false)} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
