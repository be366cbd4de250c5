import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  LOAD_PROFILE_LABELS,
  LOAD_PROFILES,
  MONTHS_PER_METER,
  REFERENCE_YEAR,
  TARIFF_MESSAGES,
  monthLabel,
  shortMonthLabel,
  stateCode,
  totalAnnualKilowatts,
  type Tariff,
} from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useTariffs } from '../api/get-tariffs';
import { consecutiveMonths, emptyMeter, type ProjectFormValues } from './project-form-values';

/*
 * "Meters (kWh Only)" (member-app.md 2 and 9, issue 35 item 1): each meter has a name, a tariff
 * of the project's state, a load profile and 12 monthly kWh fields labelled by calendar month.
 * Shared by the New Project wizard and Utility Info (member and admin).
 */

export const NO_TARIFF_LABEL = 'No tariff (use the average rate)';

/** "TOU-GS-2, Southern California Edison (Example)"; a name that already says it is an example is not told twice. */
export const tariffOptionLabel = (tariff: Pick<Tariff, 'name' | 'utility' | 'example'>) =>
  `${tariff.name}, ${tariff.utility}${tariff.example && !/^example\b/i.test(tariff.name) ? ' (Example)' : ''}`;

/** What an interval import kept, in the partner's words: "Interval data (15-minute) kept for the bill engine". */
export const intervalNote = (stepMinutes: number | null) =>
  `Interval data (${stepMinutes === 60 ? 'hourly' : stepMinutes === null ? 'from the import' : `${stepMinutes}-minute`}) kept for the bill engine`;

/**
 * The first months a meter's 12 values may start at: five years before the reference year up to
 * the year after it (or this year, when later), and the meter's own start when outside that.
 */
function startOptions(current: string | undefined): string[] {
  const lastYear = Math.max(REFERENCE_YEAR + 1, new Date().getFullYear());
  const options: string[] = [];
  for (let year = REFERENCE_YEAR - 5; year <= lastYear; year += 1) {
    for (let month = 1; month <= 12; month += 1) options.push(`${year}-${String(month).padStart(2, '0')}`);
  }
  if (current && !options.includes(current)) options.unshift(current);
  return options;
}

function TariffSelect({ meterIndex, state }: { meterIndex: number; state: string }) {
  const { register, control } = useFormContext<ProjectFormValues>();
  const tariffs = useTariffs(state);
  const chosen = useWatch({ control, name: `meter_rows.${meterIndex}.tariff_id` });
  const list = tariffs.data ?? [];
  const ids = list.map((tariff) => String(tariff.id));
  const labels: Record<string, string> = Object.fromEntries(list.map((tariff) => [String(tariff.id), tariffOptionLabel(tariff)]));
  // A tariff the list does not hold (another state's, or while the list loads) stays chosen.
  if (chosen && !ids.includes(chosen)) {
    ids.push(chosen);
    labels[chosen] = tariffs.isPending ? `Tariff ${chosen}` : `Tariff ${chosen} (not a tariff of this project's state)`;
  }
  const code = stateCode(state);
  const chosenTariff = list.find((tariff) => String(tariff.id) === chosen);
  const hint = tariffs.isPending
    ? 'Loading the tariffs…'
    : tariffs.isError
      ? 'The tariffs could not be loaded: reload the page to choose one.'
      : code === null
        ? "Give the project's state in Site Information to choose its utility's tariff."
        : list.length === 0
          ? `No tariffs for ${code} yet: the estimate uses the average rate.`
          : chosenTariff?.example
            ? TARIFF_MESSAGES.exampleNote
            : undefined;
  return <SelectField label="Tariff" placeholder={NO_TARIFF_LABEL} options={ids} labels={labels} hint={hint} {...register(`meter_rows.${meterIndex}.tariff_id`)} />;
}

function MeterFieldset({ meterIndex, state, onRemove }: { meterIndex: number; state: string; onRemove: () => void }) {
  const { register, control, setValue } = useFormContext<ProjectFormValues>();
  const months = useWatch({ control, name: `meter_rows.${meterIndex}.months` }) ?? [];
  const name = useWatch({ control, name: `meter_rows.${meterIndex}.name` });
  const intervalId = useWatch({ control, name: `meter_rows.${meterIndex}.interval_import_id` });
  const intervalStep = useWatch({ control, name: `meter_rows.${meterIndex}.interval_step_minutes` });
  const position = `Meter ${meterIndex + 1}`;
  return (
    <fieldset className="min-w-0 rounded-xl border border-ink-200 p-4">
      {/* The legend names the group by position ("Meter 1"); it stays the fieldset's first child for that. */}
      <legend className="sr-only">{position}</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden="true" className="min-w-0 truncate text-sm font-semibold text-ink-900">
          {name?.trim() && name.trim() !== position ? `${position}: ${name}` : position}
        </p>
        <Button variant="ghost-danger" className="min-h-8 px-2 py-1" onClick={onRemove} aria-label={`Remove ${position}`}>
          Remove
        </Button>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField label="Meter name" autoComplete="off" {...register(`meter_rows.${meterIndex}.name`)} />
        <TariffSelect meterIndex={meterIndex} state={state} />
        <SelectField
          label="Load profile"
          placeholder={null}
          options={LOAD_PROFILES}
          labels={LOAD_PROFILE_LABELS}
          hint="The shape of a day of the business, used while the meter has no interval data."
          {...register(`meter_rows.${meterIndex}.load_profile`)}
        />
        <SelectField
          label="Starts"
          placeholder={null}
          options={startOptions(months[0])}
          labels={Object.fromEntries(startOptions(months[0]).map((month) => [month, monthLabel(month)]))}
          hint={
            intervalId !== null && intervalId !== undefined
              ? 'The calendar month of the first value. Changing it stops using the interval data, which belongs to the months it was read in.'
              : 'The calendar month of the first value; the others follow month by month.'
          }
          value={months[0] ?? ''}
          onChange={(event) => {
            setValue(`meter_rows.${meterIndex}.months`, consecutiveMonths(event.target.value), { shouldDirty: true });
            // Interval data belongs to the months it was read in: moved months no longer match it.
            if (intervalId !== null && intervalId !== undefined) {
              setValue(`meter_rows.${meterIndex}.interval_import_id`, null, { shouldDirty: true });
              setValue(`meter_rows.${meterIndex}.interval_step_minutes`, null, { shouldDirty: true });
            }
          }}
        />
      </div>
      {intervalId !== null && intervalId !== undefined && (
        // The bill engine reads the interval data rather than the 12 values: typed changes count only without it.
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-sm text-brand-800">{intervalNote(intervalStep ?? null)}</p>
          <Button
            variant="ghost-danger"
            className="min-h-8 px-2 py-1"
            aria-label={`Stop using the interval data of ${position}`}
            onClick={() => {
              setValue(`meter_rows.${meterIndex}.interval_import_id`, null, { shouldDirty: true });
              setValue(`meter_rows.${meterIndex}.interval_step_minutes`, null, { shouldDirty: true });
            }}
          >
            Use the monthly values instead
          </Button>
        </div>
      )}
      <MeterMonthInputs meterIndex={meterIndex} />
    </fieldset>
  );
}

/** A meter's 12 monthly kWh fields, labelled by calendar month: in its fieldset, and beside a scanned bill (issue 41 item 4). */
export function MeterMonthInputs({ meterIndex, className = 'mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4' }: { meterIndex: number; className?: string }) {
  const { register, control } = useFormContext<ProjectFormValues>();
  const months = useWatch({ control, name: `meter_rows.${meterIndex}.months` }) ?? [];
  return (
    <div className={className}>
      {Array.from({ length: MONTHS_PER_METER }, (_, monthIndex) => {
        const month = months[monthIndex];
        return (
          <TextField
            key={monthIndex}
            // "Jan 2025" on screen; its name starts with what is seen (WCAG 2.5.3) and keeps the spec's "Month N".
            label={month ? shortMonthLabel(month) : `Month ${monthIndex + 1}`}
            aria-label={month ? `${shortMonthLabel(month)}, Month ${monthIndex + 1}` : `Month ${monthIndex + 1}`}
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            placeholder="kWh"
            {...register(`meter_rows.${meterIndex}.kwh.${monthIndex}`)}
          />
        );
      })}
    </div>
  );
}

/** The meters of the form: added and removed as a list; the server's message on root.meters. */
export function MeterFields() {
  const {
    control,
    formState: { errors },
  } = useFormContext<ProjectFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'meter_rows' });
  const state = useWatch({ control, name: 'state' }) ?? '';

  return (
    <div className="space-y-4">
      {fields.length === 0 && <p className="text-sm text-ink-600">No meters yet. Add one to enter its monthly kWh.</p>}
      {fields.map((field, meterIndex) => (
        <MeterFieldset key={field.id} meterIndex={meterIndex} state={state} onRemove={() => remove(meterIndex)} />
      ))}
      {errors.root?.meters?.message && (
        <p role="alert" className="text-sm text-danger-700">
          {errors.root.meters.message}
        </p>
      )}
      <Button variant="secondary" onClick={() => append(emptyMeter(fields.length))}>
        Add Meter
      </Button>
    </div>
  );
}

const kilowattFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Total Annual Kilowatts": the sum of every monthly value, empty counting as 0 (member-app.md 5). */
export function AnnualTotal() {
  const { control } = useFormContext<ProjectFormValues>();
  const meters = useWatch({ control, name: 'meter_rows' });
  const total = totalAnnualKilowatts((meters ?? []).map((meter) => meter?.kwh ?? []));
  return (
    <p className="text-2xl font-bold text-ink-900" aria-live="polite" data-testid="annual-total">
      {kilowattFormat.format(total)} kWh
    </p>
  );
}
