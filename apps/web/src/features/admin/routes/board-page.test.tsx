import { screen, within } from '@testing-library/react';
import { ALL_PROJECT_STAGES, type BoardCard, type BoardColumn, type BoardResponse, type ProjectStage } from '@sunin/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth } from '../../../lib/test-utils';
import { BoardPage } from './board-page';

afterEach(() => vi.unstubAllGlobals());

const DAY = 86_400_000;
const card = (id: number, company_name: string, project_stage: ProjectStage, days: number, fields: Partial<BoardCard> = {}): BoardCard => ({
  id,
  company_name,
  user_id: 7,
  owner_name: 'Pat Partner',
  state: 'CA',
  project_stage,
  deal_value_usd: 0,
  stage_entered_at: new Date(Date.now() - days * DAY - 60_000).toISOString(),
  days_in_stage: days,
  stalled: false,
  updated_at: new Date().toISOString(),
  ...fields,
});

function boardOf(cards: BoardCard[], extra: Partial<Record<ProjectStage, Partial<BoardColumn>>> = {}): BoardResponse {
  return {
    columns: ALL_PROJECT_STAGES.map((stage) => {
      const mine = cards.filter((c) => c.project_stage === stage);
      return { stage, count: mine.length, deal_value_usd: mine.reduce((sum, c) => sum + c.deal_value_usd, 0), cards: mine, next_cursor: null, ...extra[stage] };
    }),
  };
}

const bayside = card(11, 'Bayside Brewing', 'Presentation Ready', 23, { stalled: true, deal_value_usd: 180_000 });
const harbor = card(12, 'Harbor Foods', 'Project Initiation', 2);

describe('Pipeline Board (issue 37 item 4)', { timeout: 30_000 }, () => {
  it('shows a column per stage in pipeline order with its count and deal value, and cards with company link, partner, days and Stalled', async () => {
    stubScreenWidth(true);
    stubFetch(() => jsonResponse(boardOf([bayside, harbor], { 'Presentation Ready': { count: 1204, deal_value_usd: 2_500_000 } })));
    renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board'] });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([...ALL_PROJECT_STAGES]);
    const ready = screen.getByRole('region', { name: 'Presentation Ready' });
    expect(ready).toHaveTextContent('1,204 projects');
    expect(ready).toHaveTextContent('$2,500,000.00 in deals');
    const item = within(ready).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Bayside Brewing' })).toHaveAttribute('href', '/admin/projects/11');
    expect(item).toHaveTextContent('Pat Partner');
    expect(item).toHaveTextContent('23 days at this stage');
    expect(item).toHaveTextContent('Stalled');
    expect(within(screen.getByRole('region', { name: 'Project Initiation' })).getByRole('listitem')).not.toHaveTextContent('Stalled');
    expect(screen.getByRole('region', { name: 'Archived' })).toHaveTextContent('No projects at this stage.');
  });

  it('moves a card through its Move to… menu after a confirmation naming both stages, with the project page’s PUT', async () => {
    stubScreenWidth(true);
    let current = boardOf([bayside, harbor]);
    const calls = stubFetch(({ method, url }) => {
      if (method === 'PUT') {
        current = boardOf([{ ...bayside, project_stage: 'Financing and Documentation', stalled: false }, harbor]);
        return jsonResponse({ id: 11, project_stage: 'Financing and Documentation' });
      }
      expect(url.pathname).toBe('/api/admin/board');
      return jsonResponse(current);
    });
    const { user } = renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board'] });
    await user.click(await screen.findByRole('button', { name: 'Move Bayside Brewing to…' }));
    await user.click(screen.getByRole('menuitem', { name: 'Financing and Documentation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Bayside Brewing from Presentation Ready to Financing and Documentation?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/projects/11');
    expect(put.body).toEqual({ project: { project_stage: 'Financing and Documentation' } });
    expect(await screen.findByText('Bayside Brewing moved to Financing and Documentation.')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Financing and Documentation' })).findByRole('link', { name: 'Bayside Brewing' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s reason when the move fails', async () => {
    stubScreenWidth(true);
    stubFetch(({ method }) =>
      method === 'PUT' ? jsonResponse({ error: { code: 'not_found', message: 'Project not found.' } }, { status: 404 }) : jsonResponse(boardOf([bayside])),
    );
    const { user } = renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board'] });
    await user.click(await screen.findByRole('button', { name: 'Move Bayside Brewing to…' }));
    await user.click(screen.getByRole('menuitem', { name: 'Archived' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The stage could not be changed.');
  });

  it('loads more of a column from its cursor, with the filters of the address', async () => {
    stubScreenWidth(true);
    const calls = stubFetch(({ url }) =>
      url.pathname === '/api/admin/board'
        ? jsonResponse(boardOf([harbor], { 'Project Initiation': { count: 2, next_cursor: 'abc' } }))
        : jsonResponse({ cards: [card(13, 'Ocean Motors', 'Project Initiation', 1)], next_cursor: null }),
    );
    const { user } = renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board?state=CA&stalled=true'] });
    await user.click(await screen.findByRole('button', { name: 'Load more in Project Initiation' }));
    expect(await screen.findByRole('link', { name: 'Ocean Motors' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more in Project Initiation' })).not.toBeInTheDocument();
    const board = calls.find((call) => call.url.pathname === '/api/admin/board')!;
    expect(Object.fromEntries(board.url.searchParams)).toEqual({ state: 'CA', stalled: 'true' });
    const page = calls.find((call) => call.url.pathname.startsWith('/api/admin/board/columns/'))!;
    expect(page.url.pathname).toBe('/api/admin/board/columns/Project%20Initiation');
    expect(Object.fromEntries(page.url.searchParams)).toEqual({ state: 'CA', stalled: 'true', cursor: 'abc' });
    expect(screen.getByRole('checkbox', { name: 'Stalled only' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'State' })).toHaveValue('CA');
  });

  it('at phone width lists the stages as sections of one page, with the same cards and menus', async () => {
    stubScreenWidth(false);
    stubFetch(() => jsonResponse(boardOf([bayside, harbor])));
    renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board'] });
    const sections = await screen.findAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-labelledby') && within(s).getByRole('heading').textContent)).toEqual([...ALL_PROJECT_STAGES]);
    // Stacked below md: the columns' row and sideways scroll start at md only.
    expect(sections[0]!.parentElement!.className).toMatch(/^flex flex-col gap-4 md:flex-row/);
    expect(sections[0]!.className).not.toMatch(/(^| )w-72/);
    expect(within(sections[1]!).getByRole('button', { name: 'Move Bayside Brewing to…' })).toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    stubScreenWidth(true);
    stubFetch(() => jsonResponse(boardOf([])));
    const first = renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board?stalled=true'] });
    expect(await screen.findByText('No projects match these filters')).toBeInTheDocument();
    first.unmount();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }));
    renderRoutes([{ path: '/admin/board', element: <BoardPage /> }], { initialEntries: ['/admin/board'] });
    expect(await screen.findByText('The board could not be loaded. Check your connection and try again.')).toBeInTheDocument();
  });
});
