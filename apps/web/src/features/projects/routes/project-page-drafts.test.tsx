import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ProjectPage } from './project-page';

/** Issue 14 item 2: edits survive a tab switch, and leaving the page with them asks first. */

function renderProject() {
  saveSession('jwt', buildUser());
  return renderRoutes(
    [
      { path: '/projects/:id', element: <ProjectPage /> },
      { path: '/projects', element: <p>Projects list</p> },
    ],
    { initialEntries: ['/projects/7'] },
  );
}

function stubProjectApi(initial: Project) {
  let project = initial;
  return stubFetch(({ url, method, body }) => {
    if (url.pathname === '/api/projects/7' && method === 'GET') return jsonResponse(project);
    if (url.pathname === '/api/projects/7' && method === 'PATCH') {
      project = { ...project, ...(body as { project: Partial<Project> }).project, updated_at: new Date(Date.now() + 1000).toISOString() } as Project;
      return jsonResponse(project);
    }
    return jsonResponse([]);
  });
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const month = (label: string) => within(screen.getByRole('group', { name: 'Meter 1' })).getByLabelText(label);

afterEach(() => {
  localStorage.clear();
});

describe('project page drafts (issue 14 item 2)', { timeout: 20_000 }, () => {
  it('keeps Site Info and Utility Info edits across tab switches, marks their tabs, and saves the kept draft', async () => {
    const calls = stubProjectApi(buildProject({ power_bill_received_status: 'Yes', kilowatt_amounts: [] }));
    const { user } = renderProject();
    const company = await screen.findByLabelText('Company Name');
    await user.clear(company);
    await user.type(company, 'Sunny Foods West');

    await user.click(tab(/^Utility Info/));
    await user.type(month('Mar 2025, Month 3'), '450');
    await user.click(tab(/^Site Info/));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Sunny Foods West');
    expect(tab(/^Site Info/)).toHaveAccessibleName('Site Info (unsaved changes)');
    expect(tab(/^Utility Info/)).toHaveAccessibleName('Utility Info (unsaved changes)');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeEnabled();

    await user.click(tab(/^Utility Info/));
    expect(month('Mar 2025, Month 3')).toHaveValue(450);
    expect(month('Apr 2025, Month 4')).toHaveValue(null);

    // Saved: the draft goes, and the form shows the saved values.
    await user.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    expect(await screen.findByText('Updated utility information successfully!', {}, { timeout: 4000 })).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect((patch?.body as { project: { kilowatt_amounts: string[][] } }).project.kilowatt_amounts[0]![2]).toBe('450');
    await waitFor(() => expect(tab(/^Utility Info/)).toHaveAccessibleName('Utility Info'));
    // The Site Info draft is still there.
    expect(tab(/^Site Info/)).toHaveAccessibleName('Site Info (unsaved changes)');
  });

  it('Discard changes drops the draft', async () => {
    stubProjectApi(buildProject());
    const { user } = renderProject();
    await user.type(await screen.findByLabelText('Company Name'), ' Two');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Sunny Foods');
    expect(tab(/^Site Info/)).toHaveAccessibleName('Site Info');
    await user.click(tab(/^Utility Info/));
    await user.click(tab(/^Site Info/));
    expect(screen.getByLabelText('Company Name')).toHaveValue('Sunny Foods');
  });

  it('asks before leaving the page with unsaved changes: Cancel stays, Discard and leave goes', async () => {
    stubProjectApi(buildProject());
    const { user, router } = renderProject();
    await user.type(await screen.findByLabelText('Company Name'), ' West');
    await user.click(tab(/^Utility Info/));

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await user.click(within(breadcrumb).getByRole('link', { name: 'Projects' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have unsaved changes in Site Information.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/projects/7');

    await user.click(within(breadcrumb).getByRole('link', { name: 'Projects' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByText('Projects list')).toBeInTheDocument();

    // Coming back: the discarded draft is gone.
    await router.navigate('/projects/7');
    await user.click(await screen.findByRole('tab', { name: /^Site Info/ }));
    expect(await screen.findByLabelText('Company Name')).toHaveValue('Sunny Foods');
  });

  it('warns the browser before unloading while a draft exists, and not after', async () => {
    stubProjectApi(buildProject());
    const { user } = renderProject();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const company = await screen.findByLabelText('Company Name');
    expect(unload()).toBe(false);
    await user.type(company, 'x');
    expect(unload()).toBe(true);
    await user.type(company, '{Backspace}');
    expect(unload()).toBe(false);
  });
});
