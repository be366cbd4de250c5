import { memo } from 'react';
import { MONTH_NAMES, MONTH_SHORT_NAMES } from '@sunin/contract';
import { BASE_COLOUR, GRID_DAY_KINDS, periodCodes, periodColour, periodGrid, periodNames, type PeriodRow } from './tariff-form-model';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const DAY_KIND_TITLES = { weekday: 'Weekdays', weekend: 'Weekends' } as const;
const hourRange = (hour: number) => `${String(hour).padStart(2, '0')}:00 to ${String(hour + 1).padStart(2, '0')}:00`;

/**
 * The tariff's periods as two 12 x 24 grids, weekdays and weekends (issue 35 item 4): each
 * month x hour cell in its period's colour with the period's code as text, the base rate plain.
 * Live as the periods are edited (and only then: memo, as the other fields are typed). A table with month and hour headers, so a screen reader can
 * read any cell with its month and hour; it scrolls sideways inside its box on a phone.
 */
export const TariffGrid = memo(function TariffGrid({ periods }: { periods: readonly PeriodRow[] }) {
  const names = periodNames(periods);
  const codes = periodCodes(names);
  const grid = periodGrid(periods);
  return (
    <div className="space-y-4">
      <ul aria-label="Legend" className="flex flex-wrap gap-2 text-sm">
        {names.map((name, index) => (
          <li key={name} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-flex h-6 min-w-6 items-center justify-center rounded px-1 text-xs font-semibold ${periodColour(index)}`}>
              {codes[index]}
            </span>
            {name}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-flex h-6 min-w-6 items-center justify-center rounded border border-ink-200 px-1 text-xs ${BASE_COLOUR}`}>
            ·
          </span>
          Base rate (no period)
        </li>
      </ul>
      {GRID_DAY_KINDS.map((kind) => (
        <div key={kind} className="relative overflow-x-auto rounded-xl border border-ink-200" tabIndex={0} role="region" aria-label={`${DAY_KIND_TITLES[kind]} grid, scrolls sideways`}>
          <table className="border-separate border-spacing-0.5 text-xs">
            <caption className="px-2 pt-2 text-left text-sm font-semibold text-ink-800">{DAY_KIND_TITLES[kind]}: the period of each month and hour</caption>
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 bg-white px-1 text-left font-medium text-ink-500">
                  <span className="sr-only">Month</span>
                </th>
                {HOURS.map((hour) => (
                  <th key={hour} scope="col" className="w-7 min-w-7 px-0 text-center font-medium text-ink-500" aria-label={hourRange(hour)}>
                    {hour}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid[kind].map((row, month) => (
                <tr key={month}>
                  <th scope="row" className="sticky left-0 bg-white pr-1 text-left font-medium text-ink-700" aria-label={MONTH_NAMES[month]}>
                    {MONTH_SHORT_NAMES[month]}
                  </th>
                  {row.map((holder, hour) => (
                    <td key={hour} className={`h-6 w-7 min-w-7 rounded text-center font-semibold ${holder < 0 ? BASE_COLOUR : periodColour(holder)}`}>
                      <span aria-hidden="true">{holder < 0 ? '·' : codes[holder]}</span>
                      <span className="sr-only">{holder < 0 ? 'Base rate' : names[holder]}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
});
