import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProject } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { AdminProjectPage } from '../routes/project-detail-page';
import type { ProjectSections } from './project-panels';
import { stageState } from './stage-picker';

describe('stage states', () => {
  it('marks earlier stages complete, the current one current and later ones upcoming', () => {
    expect(stageState('Project Initiation', 'Financing and Documentation')).toBe('complete');
    expect(stageState('Financing and Documentation', 'Financing and Documentation')).toBe('current');
    expect(stageState('Project Completion', 'Financing and Documentation')).toBe('upcoming');
    expect(stageState('Project Completion', 'Archived')).toBe('complete');
  });
});

/** Only Project Stages is exercised here; the editable tabs are tested in app/routes/admin-project-page.test.tsx. */
const EMPTY = () => null;
const NO_SECTIONS: ProjectSections = { SiteInfo: EMPTY, UtilityInfo: EMPTY, Contacts: EMPTY, Links: EMPTY, Assets: EMPTY, Notes: EMPTY, Proposal: EMPTY, Shares: EMPTY, Estimate: EMPTY, Timeline: EMPTY, draftKey: (id, form, prefix) => `${prefix}.${id}.${form}` };

describe('Project Stages tab (public-site-and-admin.md 2.10)', { timeout: 15_000 }, () => {
  function setup(putStatus = 200) {
    const project = buildProject({ id: 7, company_name: 'Sunny Bakery', project_stage: 'Presentation Ready', owner_name: 'Sam Seller' });
    const calls = stubFetch(({ method, body }) => {
      if (method === 'PUT') {
        const stage = (body as { project: { project_stage: string } }).project.project_stage;
        return putStatus === 200 ? jsonResponse({ ...project, project_stage: stage }) : jsonResponse({ error: { code: 'internal', message: 'x' } }, { status: putStatus });
      }
      return jsonResponse(project);
    });
    const rendered = renderRoutes([{ path: '/admin/projects/:id', element: <AdminProjectPage sections={NO_SECTIONS} /> }], { initialEntries: ['/admin/projects/7'] });
    return { calls, ...rendered };
  }

  it('sets any stage as current, Archived once confirmed, and saves it', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Project Stages' }));
    const list = screen.getByRole('list', { name: 'Choose the current stage' });
    expect(within(list).getByText('Presentation Ready').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(list).getByText('Project Initiation').closest('li')).toHaveTextContent('Complete');

    await user.click(screen.getByRole('button', { name: 'Set Archived as current stage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive this project?' });
    await user.click(within(confirm).getByRole('button', { name: 'Archive project' }));
    expect(within(list).getByText('Archived').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(await screen.findByText('Project stage updated successfully!')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/projects/7');
    expect(put.body).toEqual({ project: { project_stage: 'Archived' } });
  });

  it('asks before archiving, naming what happens; Cancel saves nothing (issue 14 item 18)', async () => {
    const { calls, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Project Stages' }));
    await user.click(screen.getByRole('button', { name: 'Set Archived as current stage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive this project?' });
    expect(confirm).toHaveTextContent("Sunny Bakery moves to Archived and leaves Sam Seller's working projects; Sam Seller is notified.");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    const list = screen.getByRole('list', { name: 'Choose the current stage' });
    expect(within(list).getByText('Presentation Ready').closest('li')).toHaveAttribute('aria-current', 'step');
  });

  it('goes back to the saved stage when saving fails', async () => {
    const { user } = setup(500);
    await user.click(await screen.findByRole('tab', { name: 'Project Stages' }));
    await user.click(screen.getByRole('button', { name: 'Set Project Completion as current stage' }));
    expect(await screen.findByText('Failed to update project stage.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Choose the current stage' });
    expect(within(list).getByText('Presentation Ready').closest('li')).toHaveAttribute('aria-current', 'step');
  });
});
