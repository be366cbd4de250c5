import { useId, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/field-styles';
import { form1099CsvPath } from '../api/tax-form';

/** The years offered: this one and the six before, newest first. */
const yearsUpTo = (current: number) => Array.from({ length: 7 }, (_, index) => current - index);

/**
 * "1099 totals" (issue 38 item 5): each partner's paid total for a year, the W-9 masked, and
 * whether it reaches the reporting threshold. Last year by default: 1099s are filed for the
 * year just ended.
 */
export function Form1099Download({ now = new Date() }: { now?: Date }) {
  const current = now.getFullYear();
  const [year, setYear] = useState(current - 1);
  const selectId = useId();
  return (
    <div className="flex items-end gap-2">
      <div className="w-28 shrink-0">
        <label htmlFor={selectId} className="block text-xs font-medium text-ink-700">
          1099 year
        </label>
        <select id={selectId} className={fieldClasses(false)} value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {yearsUpTo(current).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <a href={form1099CsvPath(year)} download className={buttonClasses('secondary', 'whitespace-nowrap')}>
        Download 1099 totals
      </a>
    </div>
  );
}
