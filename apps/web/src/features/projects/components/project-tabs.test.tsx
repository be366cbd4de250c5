import { screen, waitFor, within } from '@testing-library/react';
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
