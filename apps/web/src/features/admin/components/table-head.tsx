import type { ReactNode } from 'react';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { tableClasses } from './admin-page-header';

/** A list's sort as the server takes it: `field` ascending, `-field` descending. */
export interface Sorting {
  /** The sort in force (the URL's, or the list's default). */
  sort: string;
  onSort: (sort: string) => void;
}

const parse = (sort: string) => (sort.startsWith('-') ? { field: sort.slice(1), desc: true } : { field: sort, desc: false });

/** Clicking the sorted column flips its direction; another column starts ascending. */
export function nextSort(current: string, field: string): string {
  const { field: active, desc } = parse(current);
  return active === field && !desc ? `-${field}` : field;
}

/**
 * A column header that sorts (issue 15 item 2): a button inside the th, and aria-sort on the
 * th of the sorted column only (WAI-ARIA: one sorted header at a time).
 */
export function SortableHeader({ label, field, sorting }: { label: string; field: string; sorting: Sorting }) {
  const { field: active, desc } = parse(sorting.sort);
  const sorted = active === field;
  return (
    <th scope="col" className={tableClasses.th} aria-sort={sorted ? (desc ? 'descending' : 'ascending') : undefined}>
      <button
        type="button"
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 tracking-wide uppercase hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        onClick={() => sorting.onSort(nextSort(sorting.sort, field))}
      >
        {label}
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-4 ${sorted ? 'text-ink-900' : 'text-ink-300'}`}>
          <path fill="currentColor" d={sorted && desc ? 'M10 14 5 8h10l-5 6Z' : sorted ? 'M10 6l5 6H5l5-6Z' : 'M10 3l4 5H6l4-5Zm0 14-4-5h8l-4 5Z'} />
        </svg>
      </button>
    </th>
  );
}

/**
 * The same choice for the card layout below md, where there are no column headers: every
 * sortable column in both directions.
 */
export function SortSelect({ id, fields, sorting }: { id: string; fields: ReadonlyArray<{ field: string; label: string }>; sorting: Sorting }) {
  return (
    <div className="col-span-2 min-w-0">
      <label htmlFor={id} className={labelClasses}>
        Sort by
      </label>
      <select id={id} className={fieldClasses(false)} value={sorting.sort} onChange={(event) => sorting.onSort(event.target.value)}>
        {fields.flatMap(({ field, label }) => [
          <option key={field} value={field}>{`${label} (ascending)`}</option>,
          <option key={`-${field}`} value={`-${field}`}>{`${label} (descending)`}</option>,
        ])}
      </select>
    </div>
  );
}

/** A column of an admin table's header: its name, and the server's sort field when it sorts. */
export type HeadColumn = string | { label: string; sort?: string | undefined };

/**
 * The header row of an admin table: an optional lead column (the bulk selection's checkbox), the
 * column names (sortable ones as SortableHeader when the list sorts), then an unnamed-on-screen
 * action column.
 */
export function TableHead({ columns, action, sorting, lead }: { columns: readonly HeadColumn[]; action: string; sorting?: Sorting | undefined; lead?: ReactNode }) {
  return (
    <thead className="bg-white">
      <tr>
        {lead && (
          <th scope="col" className={`${tableClasses.th} w-10`}>
            {lead}
          </th>
        )}
        {columns.map((column) => {
          const { label, sort } = typeof column === 'string' ? { label: column, sort: undefined } : column;
          return sort && sorting ? (
            <SortableHeader key={label} label={label} field={sort} sorting={sorting} />
          ) : (
            <th key={label} scope="col" className={tableClasses.th}>
              {label}
            </th>
          );
        })}
        <th scope="col" className={tableClasses.th}>
          <span className="sr-only">{action}</span>
        </th>
      </tr>
    </thead>
  );
}
