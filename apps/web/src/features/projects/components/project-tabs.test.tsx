import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ProjectPage } from '../routes/project-page';
import { projectTabStorageKey } from './project-tab-memory';

function renderProject(path: string, project = buildProject()) {
  saveSession('jwt', buildUser());
  stubFetch(({ url }) => (url.pathname === `/api/projects/${project.id}` ? jsonResponse(project) : jsonResponse([])));
  return renderRoutes([{ path: '/projects/:id', element: <ProjectPage /> }], { initialEntries: [path] });
}

afterEach(() => localStorage.clear());

describe('project tabs', { timeout: 20_000 }, () => {
  it("opens the tab a notification's link names (?tab=proposal), remembers it and drops the parameter (issue 14 item 8)", async () => {
    localStorage.setItem(projectTabStorageKey(7), 'links');
    const { router } = renderProject('/projects/7?tab=proposal');
    expect(await screen.findByRole('tab', { name: 'Proposal' })).toHaveAttribute('aria-selected', 'true');
    expect(localStorage.getItem(projectTabStorageKey(7))).toBe('proposal');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/projects/7');
  });

  it('shows a month saved empty as empty, not 0 (issue 14 item 12)', async () => {
    localStorage.setItem(projectTabStorageKey(7), 'utility-info');
    const months = [null, 5, null, 0, 1, 2, 3, 4, 5, 6, 7, 8];
    renderProject('/projects/7', buildProject({ power_bill_received_status: 'Yes', kilowatt_amounts: [months] }));
    const meter = await screen.findByRole('group', { name: 'Meter 1' });
    expect(within(meter).getByLabelText('Jan 2025, Month 1')).toHaveValue(null);
    expect(within(meter).getByLabelText('Feb 2025, Month 2')).toHaveValue(5);
    expect(within(meter).getByLabelText('Mar 2025, Month 3')).toHaveValue(null);
    expect(within(meter).getByLabelText('Apr 2025, Month 4')).toHaveValue(0);
    expect(within(screen.getByRole('region', { name: 'Total Annual Kilowatts' })).getByTestId('annual-total')).toHaveTextContent('41 kWh');
  });
});

describe('the Site Info and Utility Info forms across refetches', { timeout: 20_000 }, () => {
  it('stay mounted while only the rest of the project changes (an upload touches updated_at): the field being typed in keeps its focus and every key', async () => {
    localStorage.setItem(projectTabStorageKey(7), 'utility-info');
    let project = buildProject({ power_bill_received_status: 'Yes', kilowatt_amounts: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]] });
    saveSession('jwt', buildUser());
    stubFetch(({ url }) => (url.pathname === `/api/projects/${project.id}` ? jsonResponse(project) : jsonResponse([])));
    const { user, queryClient } = renderRoutes([{ path: '/projects/:id', element: <ProjectPage /> }], { initialEntries: ['/projects/7'] });
    const month = await screen.findByLabelText('Feb 2025, Month 2');
    await user.clear(month);
    await user.type(month, '10');

    project = { ...project, updated_at: '2026-12-07T07:00:00.000Z' };
    await act(() => queryClient.invalidateQueries());
    expect(queryClient.getQueryCache().getAll().some((query) => (query.state.data as { updated_at?: string } | undefined)?.updated_at === project.updated_at)).toBe(true);
    expect(screen.getByLabelText('Feb 2025, Month 2')).toBe(month);
    expect(month).toHaveFocus();
    await user.keyboard('10');
    expect(month).toHaveValue(1010);
  });

  it('re-seed when the saved values they show change', async () => {
    localStorage.setItem(projectTabStorageKey(7), 'utility-info');
    let project = buildProject({ power_bill_received_status: 'Yes', kilowatt_amounts: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]] });
    saveSession('jwt', buildUser());
    stubFetch(({ url }) => (url.pathname === `/api/projects/${project.id}` ? jsonResponse(project) : jsonResponse([])));
    const { queryClient } = renderRoutes([{ path: '/projects/:id', element: <ProjectPage /> }], { initialEntries: ['/projects/7'] });
    expect(await screen.findByLabelText('Feb 2025, Month 2')).toHaveValue(2);

    project = { ...project, updated_at: '2026-12-07T07:00:00.000Z', kilowatt_amounts: [[1, 20, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]] };
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(screen.getByLabelText('Feb 2025, Month 2')).toHaveValue(20));
  });
});
