import type { AuditEntry } from '@sunin/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProjectApiProvider } from '../../../lib/project-api';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { memberProjectApi, projectQueryKey } from '../api/project-api';
import { TimelinePanel } from './timeline-panel';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const event = (id: number, overrides: Partial<AuditEntry>): AuditEntry => ({
  id,
  actor_id: 9,
  actor_name: 'Pat Partner',
  action: 'updated',
  entity_type: 'project',
  entity_id: 7,
  changes: {},
  created_at: minutesAgo(id),
  ...overrides,
});

const STORY: AuditEntry[] = [
  event(5, { actor_name: 'Avery Admin', action: 'stage_changed', changes: { project_stage: { before: 'Project Initiation', after: 'Presentation Ready' } } }),
  event(60 * 3, { action: 'requested', entity_type: 'proposal_ticket', entity_id: 40, changes: { status: { before: null, after: 1 } } }),
  event(60 * 26, { action: 'photo_uploaded', changes: { record_id: { before: null, after: 3 }, name: { before: null, after: 'roof.png' } } }),
  event(60 * 27, { action: 'updated', changes: { city: { before: 'Austin', after: 'Dallas' } } }),
  event(60 * 24 * 3, { action: 'created', changes: { company_name: { before: null, after: 'Sunny Foods' } } }),
];

function renderPanel(handler: (call: FetchCall) => Response | Promise<Response>, api = memberProjectApi) {
  const calls = stubFetch(handler);
  const utils = renderRoutes([
    {
      path: '/',
      element: (
        <ProjectApiProvider api={api}>
          <TimelinePanel projectId={7} />
        </ProjectApiProvider>
      ),
    },
  ]);
  return { calls, ...utils };
}

describe('Timeline (issue 18 item 2)', () => {
  it("tells the project's story newest first, in plain words with relative and exact times", async () => {
    const { calls } = renderPanel(() => jsonResponse(STORY, { headers: { 'X-Total-Count': '5' } }));
    const list = await screen.findByRole('list', { name: 'Project timeline' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Avery Admin moved the project from Project Initiation to Presentation Ready',
      'Pat Partner requested a proposal',
      'Pat Partner uploaded the photo roof.png',
      'Pat Partner changed the city from Austin to Dallas',
      'Pat Partner created the project Sunny Foods',
    ]);
    expect(within(items[0]!).getByText('5 minutes ago')).toHaveAttribute('dateTime', STORY[0]!.created_at);
    expect(items[1]).toHaveTextContent('3 hours ago');
    expect(items[2]).toHaveTextContent('yesterday');
    expect(items[4]).toHaveTextContent(/3 days ago · [A-Z][a-z]+ \d{2}, \d{4}/);
    expect(screen.getByText('Showing 5 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/api/projects/7/activity');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ page: '1', per_page: '20' });
  });

  it('reads the admin path under the admin scope, and Show more loads the next page', async () => {
    const { calls, user } = renderPanel(
      ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const rows = page === 1 ? Array.from({ length: 20 }, (_, index) => event(index + 1, { changes: { city: { before: 'A', after: `B${index}` } } })) : [event(99, { action: 'created' })];
        return jsonResponse(rows, { headers: { 'X-Total-Count': '21' } });
      },
      { ...memberProjectApi, basePath: '/admin/projects' },
    );
    await screen.findByText('Showing 20 of 21');
    expect(calls[0]!.url.pathname).toBe('/api/admin/projects/7/activity');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 21 of 21')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says when nothing happened yet, and offers Retry when it cannot load', async () => {
    let fail = true;
    const { user } = renderPanel(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Down' } }, { status: 500 }) : jsonResponse([], { headers: { 'X-Total-Count': '0' } })));
    expect(await screen.findByText('The timeline could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing has happened yet')).toBeInTheDocument();
  });

  it("follows the project: refreshing the project's queries refreshes the timeline", async () => {
    let rows = STORY.slice(1);
    const { queryClient } = renderPanel(() => jsonResponse(rows, { headers: { 'X-Total-Count': String(rows.length) } }));
    await screen.findByText('Showing 4 of 4');
    rows = STORY;
    await queryClient.invalidateQueries({ queryKey: projectQueryKey(7) });
    await waitFor(() => expect(screen.getByText('Showing 5 of 5')).toBeInTheDocument());
    expect(screen.getByText(/moved the project from Project Initiation to Presentation Ready/)).toBeInTheDocument();
  });
});
