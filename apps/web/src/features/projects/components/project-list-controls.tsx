import { useEffect, useRef, useState } from 'react';
import { ALL_PROJECT_STAGES, US_STATES, type PROJECT_SORTS } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { ListSearchParams } from '../../../lib/use-list-search-params';

/** The filters of a partner's own list (issue 37 item 6), named as GET /api/projects takes them. */
export const PROJECT_LIST_FILTERS = ['stage', 'state', 'stalled', 'open_proposal'] as const;

/** How long typing in the search settles before the list is asked again. */
const SEARCH_PAUSE_MS = 300;

type SortValue = (typeof PROJECT_SORTS)[number] | `-${(typeof PROJECT_SORTS)[number]}`;
/** The orders offered, the default first (newest update first, the server's own). */
export const PROJECT_SORT_OPTIONS: ReadonlyArray<{ value: '' | SortValue; label: string }> = [
  { value: '', label: 'Recently updated' },
  { value: 'company_name', label: 'Company (A to Z)' },
  { value: '-company_name', label: 'Company (Z to A)' },
  { value: 'project_stage', label: 'Stage (pipeline order)' },
  { value: '-days_in_stage', label: 'Longest in stage' },
  { value: '-created_at', label: 'Newest created' },
  { value: 'created_at', label: 'Oldest created' },
];

const YES_NO = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

function Choice({ id, label, value, options, allLabel, onChange }: { id: string; label: string; value: string; options: ReadonlyArray<{ value: string; label: string }>; allLabel: string; onChange: (value: string) => void }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <select id={id} className={fieldClasses(false)} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The partner's search, filters and sort above /projects: all in the address (useListSearchParams),
 * so a reload keeps them and Back undoes a choice. Typing searches after a pause (replacing the
 * history entry), Enter at once.
 */
export function ProjectListControls({ list }: { list: ListSearchParams }) {
  const [text, setText] = useState(list.q);
  const committed = useRef(list.q);
  // The address changed under the box (Back, Clear filters): show what it holds.
  useEffect(() => {
    if (list.q !== committed.current) {
      committed.current = list.q;
      setText(list.q);
    }
  }, [list.q]);
  const commit = (next: string) => {
    if (next.trim() === committed.current) return;
    committed.current = next.trim();
    list.setSearch(next);
  };
  const settled = useDebouncedValue(text, SEARCH_PAUSE_MS);
  useEffect(() => {
    commit(settled);
    // Only a settled change commits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <form
      role="search"
      aria-label="Find projects"
      className="grid grid-cols-1 gap-3 border-b border-ink-200 p-4 sm:grid-cols-2 lg:grid-cols-5"
      onSubmit={(event) => {
        event.preventDefault();
        commit(text);
      }}
    >
      <div className="min-w-0 sm:col-span-2 lg:col-span-5">
        <label htmlFor="project-search" className={labelClasses}>
          Search projects
        </label>
        <input
          id="project-search"
          type="search"
          autoComplete="off"
          placeholder="Company, address, city or ID"
          className={fieldClasses(false)}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Choice id="project-stage" label="Stage" allLabel="All stages" value={list.values('stage')[0] ?? ''} options={ALL_PROJECT_STAGES.map((stage) => ({ value: stage, label: stage }))} onChange={(value) => list.setFilter('stage', value)} />
      <Choice id="project-state" label="State" allLabel="All states" value={list.value('state').toUpperCase()} options={US_STATES.map(([code, name]) => ({ value: code, label: name }))} onChange={(value) => list.setFilter('state', value)} />
      <Choice id="project-stalled" label="Stalled" allLabel="Any" value={list.value('stalled')} options={YES_NO('Stalled', 'Not stalled')} onChange={(value) => list.setFilter('stalled', value)} />
      <Choice id="project-open-proposal" label="Proposal request" allLabel="Any" value={list.value('open_proposal')} options={YES_NO('Has an open request', 'No open request')} onChange={(value) => list.setFilter('open_proposal', value)} />
      <div className="min-w-0">
        <label htmlFor="project-sort" className={labelClasses}>
          Sort by
        </label>
        <select id="project-sort" className={fieldClasses(false)} value={list.sort ?? ''} onChange={(event) => list.setSort(event.target.value || undefined)}>
          {PROJECT_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {list.narrowed && (
        <div className="flex items-end sm:col-span-2 lg:col-span-5">
          <Button type="button" variant="secondary" onClick={list.clearAll}>
            Clear search and filters
          </Button>
        </div>
      )}
    </form>
  );
}
