import type { AuditEntry } from '@sunin/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { ActivityPanel } from './activity-panel';

const stage = (id: number): AuditEntry => ({
  id,
  actor_id: 9,
  actor_name: 'Avery Admin',
  action: 'stage_changed',
  entity_type: 'project',
  entity_id: 4,
  changes: { project_stage: { before: 'Presentation Ready', after: 'Financing and Documentation' } },
  created_at: '2026-11-23T15:14:00Z',
});

function renderPanel(handler: (call: FetchCall) => Response | Promise<Response>) {
  const calls = stubFetch(handler);
  const utils = renderRoutes([{ path: '/admin/projects/4', element: <ActivityPanel entityType="project" entityId={4} /> }], { initialEntries: ['/admin/projects/4'] });
  return { calls, ...utils };
}

describe('ActivityPanel', () => {
  it("shows the project's entries in plain words with their time, and Show more loads the next page", async () => {
    const { calls, user } = renderPanel((call) => {
      const page = Number(call.url.searchParams.get('page'));
      const rows = page === 1 ? Array.from({ length: 10 }, (_, index) => stage(20 - index)) : [{ ...stage(1), action: 'mfa_reset', entity_type: 'user' as const, changes: {} }];
      return jsonResponse(rows, { headers: { 'X-Total-Count': '11' } });
    });
    expect(screen.getByRole('status', { name: 'Loading activity…' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]!.textContent).toMatch(/^Avery Admin moved the project from Presentation Ready to Financing and Documentation, Nov 23, 2026, \d{1,2}:14 [AP]M$/);
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-23T15:14:00Z');
    expect(screen.getByText('Showing 10 of 11')).toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/api/admin/audit');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ entity_type: 'project', entity_id: '4', page: '1', per_page: '10' });

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText(/Avery Admin reset two-factor authentication/)).toBeInTheDocument();
    expect(screen.getByText('Showing 11 of 11')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says so when there is no activity', async () => {
    renderPanel(() => jsonResponse([], { headers: { 'X-Total-Count': '0' } }));
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which loads it again', async () => {
    let fail = true;
    const { calls, user } = renderPanel(() =>
      fail ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }) : jsonResponse([stage(1)], { headers: { 'X-Total-Count': '1' } }),
    );
    expect(await screen.findByText('The activity could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/moved the project/)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("refreshes when the live admin_changed event invalidates ['admin']", async () => {
    let rows = [stage(1)];
    const { queryClient } = renderPanel(() => jsonResponse(rows, { headers: { 'X-Total-Count': String(rows.length) } }));
    await screen.findByText(/moved the project/);
    rows = [{ ...stage(2), action: 'photo_deleted', changes: { record_id: { before: 6, after: null }, name: { before: 'roof.png', after: null } } }, stage(1)];
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    expect(await screen.findByText(/Avery Admin deleted the photo roof.png/)).toBeInTheDocument();
  });
});
