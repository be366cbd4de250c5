import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { duplicateMessage } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { NewProjectModal } from './new-project-modal';

/** Issue 37 item 6: a possible duplicate asks "Create anyway?" instead of failing. */
function Harness() {
  const [open, setOpen] = useState(true);
  return <NewProjectModal open={open} onClose={() => setOpen(false)} />;
}

const existing = { id: 41, company_name: 'Pacific Fastener Supply', address: '4100 Industrial Pkwy', project_stage: 'Presentation Ready' };
const conflict = () => jsonResponse({ error: { code: 'possible_duplicate', message: duplicateMessage(existing), duplicate: existing } }, { status: 409 });

async function submitWizard() {
  saveSession('jwt', buildUser());
  const rendered = renderRoutes(
    [
      { path: '/', element: <Harness /> },
      { path: '/projects/:id', element: <p>Project page</p> },
    ],
    { initialEntries: ['/'] },
  );
  const dialog = () => screen.getByRole('dialog', { name: 'New Project' });
  await rendered.user.type(within(dialog()).getByLabelText('Company Name'), 'Pacific Fasteners');
  for (let step = 0; step < 3; step++) await rendered.user.click(within(dialog()).getByRole('button', { name: 'Next' }));
  await rendered.user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
  return { ...rendered, dialog };
}

describe('New Project: possible duplicate (issue 37 item 6)', { timeout: 20_000 }, () => {
  it('shows the warning, and Create anyway sends the project again with allow_duplicate', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const calls = stubFetch(({ url, body }) => {
      if (url.pathname !== '/api/projects') return jsonResponse([]);
      return (body as { project: { allow_duplicate?: boolean } }).project.allow_duplicate ? jsonResponse({ projectId: 42 }, { status: 201 }) : conflict();
    });
    const { user, router, dialog } = await submitWizard();
    const warning = await within(dialog()).findByRole('alert');
    expect(warning).toHaveTextContent('You already have Pacific Fastener Supply at 4100 Industrial Pkwy. Create it anyway?');
    expect(alert).not.toHaveBeenCalled();

    await user.click(within(warning).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/42'), { timeout: 10_000 });
    const creates = calls.filter((call) => call.url.pathname === '/api/projects');
    expect(creates.map((call) => (call.body as { project: { allow_duplicate?: boolean } }).project.allow_duplicate)).toEqual([undefined, true]);
  });

  it('an edit after the warning withdraws it: the next Submit checks the edited values again, and Create anyway sends them', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => {});
    const calls = stubFetch(({ url, body }) => {
      if (url.pathname !== '/api/projects') return jsonResponse([]);
      return (body as { project: { allow_duplicate?: boolean } }).project.allow_duplicate ? jsonResponse({ projectId: 43 }, { status: 201 }) : conflict();
    });
    const { user, router, dialog } = await submitWizard();
    await within(dialog()).findByRole('alert');
    // The partner goes back and corrects the address: the warning for the old one goes.
    for (let step = 0; step < 3; step++) await user.click(within(dialog()).getByRole('button', { name: 'Previous' }));
    expect(within(dialog()).getByRole('alert')).toBeInTheDocument();
    await user.type(within(dialog()).getByLabelText('Address Line 1'), '4200 Industrial Pkwy');
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Create anyway' })).not.toBeInTheDocument();

    for (let step = 0; step < 3; step++) await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    const warning = await within(dialog()).findByRole('alert');
    await user.click(within(warning).getByRole('button', { name: 'Create anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/43'), { timeout: 10_000 });
    const creates = calls.filter((call) => call.url.pathname === '/api/projects').map((call) => (call.body as { project: { address_1?: string; allow_duplicate?: boolean } }).project);
    expect(creates.map((project) => [project.address_1 ?? '', project.allow_duplicate])).toEqual([
      ['', undefined],
      ['4200 Industrial Pkwy', undefined],
      ['4200 Industrial Pkwy', true],
    ]);
  });

  it('Open <company> goes to the project the partner already has, creating nothing', async () => {
    const calls = stubFetch(({ url }) => (url.pathname === '/api/projects' ? conflict() : jsonResponse([])));
    const { user, router, dialog } = await submitWizard();
    const warning = await within(dialog()).findByRole('alert');
    await user.click(within(warning).getByRole('button', { name: 'Open Pacific Fastener Supply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/41'));
    expect(calls.filter((call) => call.url.pathname === '/api/projects')).toHaveLength(1);
  });
});
