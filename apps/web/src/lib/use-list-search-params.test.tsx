import { act, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from './test-utils';
import { useListSearchParams, type ListSearchParams } from './use-list-search-params';

const FILTERS = ['stage', 'state'] as const;
let list: ListSearchParams;

const expose = (current: ListSearchParams) => {
  list = current;
};

function Probe() {
  const list = useListSearchParams(FILTERS);
  useEffect(() => expose(list), [list]);
  return <p data-testid="state">{JSON.stringify({ page: list.page, q: list.q, sort: list.sort ?? null, stage: list.values('stage'), narrowed: list.narrowed, exportQuery: list.exportQuery })}</p>;
}

function setup(entry: string) {
  const rendered = renderRoutes([{ path: '/list', element: <Probe /> }, { path: '/other', element: null }], { initialEntries: ['/other', entry] });
  const state = () => JSON.parse(within(rendered.container).getByTestId('state').textContent ?? '{}') as Record<string, unknown>;
  const search = () => rendered.router.state.location.search;
  return { ...rendered, state, search };
}

describe('useListSearchParams (issue 15 item 2)', () => {
  it('reads page, search, sort and filters from the URL; a malformed page is 1', () => {
    const { state } = setup('/list?page=3&q=sun&sort=-company_name&stage=Archived&stage=Project+Initiation&per_page=8');
    expect(state()).toEqual({ page: 3, q: 'sun', sort: '-company_name', stage: ['Archived', 'Project Initiation'], narrowed: true, exportQuery: 'q=sun&sort=-company_name&stage=Archived&stage=Project+Initiation' });
    const other = setup('/list?page=abc');
    expect(other.state()).toMatchObject({ page: 1, narrowed: false, exportQuery: '' });
  });

  it('pushes a history entry for a filter, sort or page, and starts a new filter or sort at page 1', () => {
    const { router, search } = setup('/list?page=2');
    act(() => list.setFilter('stage', ['Archived', 'Project Initiation']));
    expect(search()).toBe('?stage=Archived&stage=Project+Initiation');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => list.setPage(4));
    expect(search()).toBe('?stage=Archived&stage=Project+Initiation&page=4');
    act(() => list.setSort('-updated_at'));
    expect(search()).toBe('?stage=Archived&stage=Project+Initiation&sort=-updated_at');
    act(() => list.setPage(1));
    expect(search()).toBe('?stage=Archived&stage=Project+Initiation&sort=-updated_at');

    // Back walks the choices in reverse.
    act(() => void router.navigate(-1));
    expect(search()).toBe('?stage=Archived&stage=Project+Initiation&sort=-updated_at');
    act(() => void router.navigate(-1));
    expect(search()).toBe('?stage=Archived&stage=Project+Initiation&page=4');
    act(() => void router.navigate(-1));
    act(() => void router.navigate(-1));
    expect(search()).toBe('?page=2');
  });

  it('replaces the entry for a search (no entry per keystroke), trims it and resets the page', () => {
    const { router, search } = setup('/list?page=2');
    act(() => list.setSearch('  sun '));
    expect(search()).toBe('?q=sun');
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => list.setSearch(''));
    expect(search()).toBe('');
    act(() => void router.navigate(-1));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('Clear all removes the search and every filter but keeps the sort', () => {
    const { search } = setup('/list?q=sun&stage=Archived&state=CA&sort=id&page=3');
    act(() => list.clearAll());
    expect(search()).toBe('?sort=id');
  });
});
