import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, stubScreenWidth, type FetchCall } from '../../../lib/test-utils';
import { AllProjectsPage } from '../routes/all-projects-page';
import { bulkStageSummary } from './bulk-stage-summary';

const ROWS = [
  { id: 1, company_name: 'Sunny Bakery', project_stage: 'Presentation Ready', owner_name: 'Ada Lovelace' },
  { id: 2, company_name: 'Bright Dairy', project_stage: 'Presentation Ready', owner_name: 'Ada Lovelace' },
  { id: 3, company_name: 'Solar Mill', project_stage: 'Site Survey and Finalization', owner_name: 'Grace Hopper' },
];

function renderPage(post: (call: FetchCall) => Response, wide = true) {
  stubScreenWidth(wide);
  const calls = stubFetch((call) => (call.method === 'POST' ? post(call) : jsonResponse(ROWS, { headers: { 'X-Total-Count': '3' } })));
  return { calls, ...renderRoutes([{ path: '/admin/all-projects', element: <AllProjectsPage /> }], { initialEntries: ['/admin/all-projects'] }) };
}

const box = (name: RegExp | string) => screen.getByRole('checkbox', { name });

afterEach(() => toast.remove());

describe('All Projects bulk stage change (issue 15 item 6)', { timeout: 20_000 }, () => {
  it('selects a range with shift-click, confirms the count and stage, sends one call, summarises, clears and refreshes', async () => {
    const { calls, user } = renderPage(() =>
      jsonResponse({ changed: [{ id: 1, company_name: 'Sunny Bakery', from: 'Presentation Ready', to: 'Site Survey and Finalization' }, { id: 2, company_name: 'Bright Dairy', from: 'Presentation Ready', to: 'Site Survey and Finalization' }], unchanged: [{ id: 3, company_name: 'Solar Mill' }], failed: [] }),
    );
    await screen.findByText('Sunny Bakery');
    expect(screen.queryByRole('region', { name: 'Bulk stage change' })).not.toBeInTheDocument();

    await user.click(box(/Select project 1,/));
    const header = box('Select all projects on this page') as HTMLInputElement;
    expect(header.indeterminate).toBe(true);
    await user.keyboard('{Shift>}');
    await user.click(box(/Select project 3,/));
    await user.keyboard('{/Shift}');
    expect(box(/Select project 2,/)).toBeChecked();
    expect(header).toBeChecked();
    expect(header.indeterminate).toBe(false);

    const bar = screen.getByRole('region', { name: 'Bulk stage change' });
    expect(bar).toHaveTextContent('3 selected');
    expect(within(bar).getByRole('button', { name: 'Change stage' })).toBeDisabled();
    await user.selectOptions(within(bar).getByLabelText('New stage'), 'Site Survey and Finalization');
    await user.click(within(bar).getByRole('button', { name: 'Change stage' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the stage of 3 projects?' });
    expect(dialog).toHaveTextContent('The 3 projects selected will move to Site Survey and Finalization, and each owner is notified.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    const listReads = calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Change stage' }));

    expect(await screen.findByText('Moved 2 projects to Site Survey and Finalization. 1 project already was in Site Survey and Finalization (#3).')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/admin/projects/stage_changes');
    expect(post.body).toEqual({ project_ids: [1, 2, 3], project_stage: 'Site Survey and Finalization' });
    expect(screen.queryByRole('region', { name: 'Bulk stage change' })).not.toBeInTheDocument();
    expect(box(/Select project 1,/)).not.toBeChecked();
    expect(calls.length).toBeGreaterThan(listReads + 1);
  });

  it('header ticks every row on the page and unticks them; Cancel sends nothing', async () => {
    const { calls, user } = renderPage(() => jsonResponse({ changed: [], unchanged: [], failed: [] }));
    await screen.findByText('Sunny Bakery');
    await user.click(box('Select all projects on this page'));
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4);
    await user.selectOptions(screen.getByLabelText('New stage'), 'Archived');
    await user.click(screen.getByRole('button', { name: 'Change stage' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Archived projects leave their owners’ working lists.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(box('Select all projects on this page'));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('is keyboard usable: Space ticks, Shift+Space extends the range', async () => {
    const { user } = renderPage(() => jsonResponse({ changed: [], unchanged: [], failed: [] }));
    await screen.findByText('Sunny Bakery');
    box(/Select project 3,/).focus();
    await user.keyboard(' ');
    box(/Select project 1,/).focus();
    await user.keyboard('{Shift>} {/Shift}');
    expect(screen.getByRole('region', { name: 'Bulk stage change' })).toHaveTextContent('3 selected');
  });

  it('names each failure with its id and reason', async () => {
    const { user } = renderPage(() =>
      jsonResponse({ changed: [{ id: 1, company_name: 'Sunny Bakery', from: 'Presentation Ready', to: 'Site Survey and Finalization' }], unchanged: [], failed: [{ id: 2, message: 'Project not found.' }] }),
    );
    await screen.findByText('Sunny Bakery');
    await user.click(box(/Select project 1,/));
    await user.click(box(/Select project 2,/));
    await user.selectOptions(screen.getByLabelText('New stage'), 'Site Survey and Finalization');
    await user.click(screen.getByRole('button', { name: 'Change stage' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change stage' }));
    expect(await screen.findByText('Moved 1 project to Site Survey and Finalization. 1 project could not be moved (#2: Project not found).')).toBeInTheDocument();
  });

  it("shows the server's reason when the whole call is refused, and keeps the selection", async () => {
    const { user } = renderPage(() => jsonResponse({ error: { code: 'validation_failed', message: 'Select at most 100 projects at a time.' } }, { status: 422 }));
    await screen.findByText('Sunny Bakery');
    await user.click(box(/Select project 1,/));
    await user.selectOptions(screen.getByLabelText('New stage'), 'Site Survey and Finalization');
    await user.click(screen.getByRole('button', { name: 'Change stage' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change stage' }));
    expect(await screen.findByText('The stages could not be changed. Select at most 100 projects at a time.')).toBeInTheDocument();
    expect(box(/Select project 1,/)).toBeChecked();
  });

  it('below md the cards have checkboxes and a labelled select all', async () => {
    const { user } = renderPage(() => jsonResponse({ changed: [], unchanged: [], failed: [] }), false);
    await screen.findByText('Sunny Bakery');
    await user.click(screen.getByLabelText('Select all on this page'));
    expect(within(screen.getByRole('list', { name: 'All projects' })).getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Bulk stage change' })).toHaveTextContent('3 selected');
  });
});

describe('bulkStageSummary', () => {
  it('says what changed, what already had the stage and what failed', () => {
    expect(bulkStageSummary({ changed: [], unchanged: [{ id: 4, company_name: 'A' }, { id: 5, company_name: 'B' }], failed: [] }, 'Archived')).toEqual({
      tone: 'success',
      message: '2 projects already were in Archived (#4, #5).',
    });
    expect(bulkStageSummary({ changed: [], unchanged: [], failed: [{ id: 9, message: 'Boom' }, { id: 10, message: 'Project not found.' }] }, 'Site Survey and Finalization')).toEqual({
      tone: 'error',
      message: '2 projects could not be moved (#9: Boom; #10: Project not found).',
    });
    expect(bulkStageSummary({ changed: [], unchanged: [], failed: [] }, 'Site Survey and Finalization').message).toBe('No project was changed.');
  });
});
