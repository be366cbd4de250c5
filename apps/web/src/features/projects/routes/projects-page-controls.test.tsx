import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { NO_MATCHING_PROJECTS, NO_PROJECTS } from '../messages';
import { ProjectsPage } from './projects-page';

/** Issue 37 item 6: the partner searches, filters and sorts their own list, all in the address. */
function renderList(path = '/projects') {
  saveSession('jwt', buildUser());
  return renderRoutes(
    [
      { path: '/projects', element: <ProjectsPage /> },
      { path: '/projects/:id', element: <p>Project page</p> },
    ],
    { initialEntries: [path] },
  );
}

describe('projects list controls (issue 37 item 6)', () => {
  it('reads the search, filters and sort from the address and sends them to the API', async () => {
    const calls = stubFetch(() => jsonResponse([buildProject({ id: 7, company_name: 'Harbor Point' })], { headers: { 'X-Total-Count': '1' } }));
    renderList('/projects?q=harbor&stage=Presentation%20Ready&state=CA&stalled=true&open_proposal=false&sort=project_stage');
    expect(await screen.findByRole('link', { name: 'Harbor Point' })).toHaveAttribute('href', '/projects/7');
    const sent = calls[0]!.url.searchParams;
    expect(Object.fromEntries(sent)).toMatchObject({ q: 'harbor', stage: 'Presentation Ready', state: 'CA', stalled: 'true', open_proposal: 'false', sort: 'project_stage' });
    expect(screen.getByLabelText('Search projects')).toHaveValue('harbor');
    expect(screen.getByLabelText('Stage')).toHaveValue('Presentation Ready');
    expect(screen.getByLabelText('State')).toHaveValue('CA');
    expect(screen.getByLabelText('Stalled')).toHaveValue('true');
    expect(screen.getByLabelText('Proposal request')).toHaveValue('false');
    expect(screen.getByLabelText('Sort by')).toHaveValue('project_stage');
  });

  it('puts each choice in the address, and Back undoes it', async () => {
    stubFetch(() => jsonResponse([buildProject({ id: 1, company_name: 'One' })], { headers: { 'X-Total-Count': '1' } }));
    const { user, router } = renderList();
    await screen.findByRole('link', { name: 'One' });
    await user.selectOptions(screen.getByLabelText('Stage'), 'Site Survey and Finalization');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Stage (pipeline order)');
    expect(new URLSearchParams(router.state.location.search).get('stage')).toBe('Site Survey and Finalization');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('project_stage');
    await user.type(screen.getByLabelText('Search projects'), 'austin{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('austin'));
    await router.navigate(-1);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBeNull());
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveValue(''));
    expect(screen.getByLabelText('Stage')).toHaveValue('Site Survey and Finalization');
  });

  it('says "no match" for a search that finds nothing, apart from having no projects, and clears it', async () => {
    stubFetch(({ url }) => (url.searchParams.get('q') ? jsonResponse([], { headers: { 'X-Total-Count': '0' } }) : jsonResponse([buildProject({ id: 3, company_name: 'Three' })], { headers: { 'X-Total-Count': '1' } })));
    const { user, router } = renderList('/projects?q=nothing');
    expect(await screen.findByText(NO_MATCHING_PROJECTS)).toBeInTheDocument();
    expect(screen.queryByText(NO_PROJECTS)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'clear the search and filters' }));
    expect(await screen.findByRole('link', { name: 'Three' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('keeps "No Projects Yet" for a partner with no projects at all', async () => {
    stubFetch(() => jsonResponse([], { headers: { 'X-Total-Count': '0' } }));
    renderList();
    expect(await screen.findByText(NO_PROJECTS)).toBeInTheDocument();
    expect(within(screen.getByRole('search', { name: 'Find projects' })).queryByRole('button', { name: /Clear/ })).not.toBeInTheDocument();
  });
});
