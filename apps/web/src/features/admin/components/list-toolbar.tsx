import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { ListSearchParams } from '../../../lib/use-list-search-params';
import { SortSelect, type Sorting } from './table-head';

/** How long typing in a list's search box settles before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface FilterOption {
  value: string;
  label: string;
}

/** One filter of a list: a choice of one (with All), a choice of several, a date or a short text. */
export type ListFilter =
  | { key: string; label: string; kind: 'select'; options: readonly FilterOption[]; id?: string }
  | { key: string; label: string; kind: 'multi'; options: readonly FilterOption[] }
  | { key: string; label: string; kind: 'date' }
  | { key: string; label: string; kind: 'text' };

/** The keys of `filters`, for useListSearchParams. */
export const filterKeys = (filters: readonly ListFilter[]) => filters.map((filter) => filter.key);

/**
 * Text typed into a field that the URL holds: shown as typed at once, committed after
 * `delayMs` of quiet (0: only by `commitNow`), and replaced when the URL changes under it
 * (Back, a chip removed, Clear all).
 */
function useUrlText(value: string, commit: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);
  const commitNow = (next: string) => {
    const trimmed = next.trim();
    if (trimmed === committed.current) return;
    committed.current = trimmed;
    commit(trimmed);
  };
  const debounced = useDebouncedValue(text, delayMs);
  useEffect(() => {
    if (delayMs > 0) commitNow(debounced);
    // Only a settled change commits; commitNow reads the latest committed value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return { text, setText, commitNow };
}

/** Whether the user is typing somewhere or a dialog is open: `/` is theirs then. */
function slashBelongsElsewhere(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A list's search box: typing searches after a pause (replacing the history entry), `/` focuses
 * it from anywhere on the page, Escape clears it.
 */
export function ListSearchBox({ id, label, placeholder, value, onSearch }: { id: string; label: string; placeholder: string; value: string; onSearch: (q: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const { text, setText, commitNow } = useUrlText(value, onSearch, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || slashBelongsElsewhere(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className="col-span-2 min-w-0 flex-1 sm:min-w-64">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        aria-keyshortcuts="/"
        autoComplete="off"
        className={fieldClasses(false)}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitNow(text);
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
            commitNow('');
          }
        }}
      />
    </div>
  );
}

function TextFilter({ filter, list }: { filter: ListFilter; list: ListSearchParams }) {
  const id = `filter-${filter.key}`;
  const { text, setText, commitNow } = useUrlText(list.value(filter.key), (next) => list.setFilter(filter.key, next), 0);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClasses}>
        {filter.label}
      </label>
      <input
        id={id}
        className={fieldClasses(false)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => commitNow(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitNow(text);
        }}
      />
    </div>
  );
}

/** Several values of one filter: a disclosure of checkboxes, its summary counting the chosen ones. */
function MultiFilter({ filter, list }: { filter: Extract<ListFilter, { kind: 'multi' }>; list: ListSearchParams }) {
  const chosen = list.values(filter.key);
  const details = useRef<HTMLDetailsElement>(null);
  // Closes like a menu: on a click elsewhere, and on Escape (back to its summary).
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);
  return (
    <details
      ref={details}
      className="group relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        event.preventDefault();
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary className={`${fieldClasses(false)} cursor-pointer list-none whitespace-nowrap`}>
        {filter.label}
        {chosen.length > 0 && ` (${chosen.length})`}
        <span aria-hidden="true" className="ml-2 inline-block text-ink-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <fieldset className="mt-1 w-full rounded-lg border border-ink-200 bg-white p-3 shadow-md sm:absolute sm:z-20 sm:w-80">
        <legend className="sr-only">{filter.label}</legend>
        {filter.options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 py-1 text-sm text-ink-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              checked={chosen.includes(option.value)}
              onChange={(event) => list.setFilter(filter.key, event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

function FilterControl({ filter, list }: { filter: ListFilter; list: ListSearchParams }) {
  if (filter.kind === 'multi') {
    return (
      <div className="col-span-2 min-w-0">
        <span className={`${labelClasses} hidden sm:block`} aria-hidden="true">
          &nbsp;
        </span>
        <MultiFilter filter={filter} list={list} />
      </div>
    );
  }
  if (filter.kind === 'text') return <TextFilter filter={filter} list={list} />;
  const id = filter.kind === 'select' ? (filter.id ?? `filter-${filter.key}`) : `filter-${filter.key}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClasses}>
        {filter.label}
      </label>
      {filter.kind === 'select' ? (
        <select id={id} className={fieldClasses(false)} value={list.value(filter.key)} onChange={(event) => list.setFilter(filter.key, event.target.value)}>
          <option value="">All</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} type="date" className={fieldClasses(false)} value={list.value(filter.key)} onChange={(event) => list.setFilter(filter.key, event.target.value)} />
      )}
    </div>
  );
}

/** What a chip says for one value of a filter. */
function chipText(filter: ListFilter, value: string): string {
  const shown = filter.kind === 'select' || filter.kind === 'multi' ? (filter.options.find((option) => option.value === value)?.label ?? value) : value;
  return `${filter.label}: ${shown}`;
}

/** The search and filters in force, each a chip that removes it, and Clear all. */
function ActiveFilters({ filters, list }: { filters: readonly ListFilter[]; list: ListSearchParams }) {
  const chips: Array<{ key: string; text: string; remove: () => void }> = [];
  if (list.q) chips.push({ key: 'q', text: `Search: ${list.q}`, remove: () => list.setSearch('') });
  for (const filter of filters) {
    const values = list.values(filter.key);
    for (const value of values) {
      chips.push({
        key: `${filter.key}=${value}`,
        text: chipText(filter, value),
        remove: () => list.setFilter(filter.key, values.filter((other) => other !== value)),
      });
    }
  }
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Active filters">
      {chips.map((chip) => (
        // The whole chip is the remove button, named by its text (not an aria-label, which
        // would also label it with the filter's name).
        <button
          key={chip.key}
          type="button"
          onClick={chip.remove}
          className="inline-flex max-w-full min-h-8 items-center gap-1 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-left text-sm text-brand-900 ring-1 ring-brand-200 ring-inset hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span className="sr-only">{`Remove ${chip.text}`}</span>
          <span aria-hidden="true" className="min-w-0 break-words">
            {chip.text}
          </span>
          <span aria-hidden="true" className="text-base leading-none">
            ×
          </span>
        </button>
      ))}
      <Button variant="ghost" className="min-h-8 px-2 py-1" onClick={list.clearAll}>
        Clear all
      </Button>
    </div>
  );
}

interface ListToolbarProps {
  list: ListSearchParams;
  search: { id: string; label: string; placeholder: string };
  filters: readonly ListFilter[];
  /** Shown as a Sort by select when the list is cards (no column headers). */
  sortFields?: ReadonlyArray<{ field: string; label: string }> | undefined;
  sorting: Sorting;
  wide: boolean;
  /** The CSV download of the whole filtered list, e.g. /api/admin/users.csv. */
  exportPath?: string | undefined;
}

/**
 * Above an admin list (issue 15 items 2 and 3): the search box, the filters, on a phone a Sort
 * by select, the Export link, and the chips of what is in force.
 */
export function ListToolbar({ list, search, filters, sortFields, sorting, wide, exportPath }: ListToolbarProps) {
  return (
    <div className="space-y-3">
      {/* Two columns on a phone (the search and Export full width), a wrapping row from sm. */}
      <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-row sm:flex-wrap">
        <ListSearchBox {...search} value={list.q} onSearch={list.setSearch} />
        {filters.map((filter) => (
          <FilterControl key={filter.key} filter={filter} list={list} />
        ))}
        {!wide && sortFields && <SortSelect id={`${search.id}-sort`} fields={sortFields} sorting={sorting} />}
        {exportPath && (
          <a href={`${exportPath}${list.exportQuery ? `?${list.exportQuery}` : ''}`} download className={buttonClasses('secondary', 'col-span-2')}>
            Export CSV
          </a>
        )}
      </div>
      <ActiveFilters filters={filters} list={list} />
    </div>
  );
}

/** The empty state of a search or filter that matched nothing (not the list's "none yet"). */
export function NoMatches({ what, list, children }: { what: string; list: ListSearchParams; children?: ReactNode }) {
  return (
    <EmptyState title={`No ${what} match your search and filters`}>
      {children}
      <Button variant="secondary" className="mt-3" onClick={list.clearAll}>
        Clear search and filters
      </Button>
    </EmptyState>
  );
}

/** The values of `filter` in the URL that it offers (a hand-edited link's others are ignored). */
export function chosenValues(list: ListSearchParams, filter: ListFilter): string[] {
  const values = list.values(filter.key);
  if (filter.kind !== 'select' && filter.kind !== 'multi') return values;
  return values.filter((value) => filter.options.some((option) => option.value === value));
}

/** The URL's sort when the list sorts by it, else the list's default. */
export function sortingOf(list: ListSearchParams, fields: ReadonlyArray<{ field: string }>, fallback: string): Sorting {
  const { sort: asked } = list;
  const valid = asked !== undefined && fields.some(({ field }) => asked === field || asked === `-${field}`);
  return { sort: valid ? asked : fallback, onSort: (sort) => list.setSort(sort === fallback ? undefined : sort) };
}
