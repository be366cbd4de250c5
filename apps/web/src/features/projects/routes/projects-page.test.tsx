import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ProjectsPage } from './projects-page';

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

/** 26 projects, newest first, served 25 a page with X-Total-Count as the API does. */
function stubTwentySixProjects() {
  const all = Array.from({ length: 26 }, (_, index) =>
    buildProject({ id: 26 - index, company_name: `Company ${26 - index}`, project_stage: index === 0 ? 'Archived' : 'Presentation Ready' }),
  );
  return stubFetch(({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    return jsonResponse(all.slice((page - 1) * perPage, page * perPage), { headers: { 'X-Total-Count': String(all.length) } });
  });
}

describe('projects list on a poor signal (issue 41)', () => {
  it('keeps the rows it showed when a refresh fails, and says so', async () => {
    let down = false;
    stubFetch(() => (down ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse([buildProject({ id: 1, company_name: 'Open Co' })], { headers: { 'X-Total-Count': '1' } })));
    const { queryClient } = renderList();
    await screen.findByRole('row', { name: /Open Co/ });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    down = true;
    await queryClient.refetchQueries({ queryKey: ['projects'] });
    expect(await screen.findByText('Could not refresh: showing what you last saw.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Open Co/ })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('projects list (member-app.md 2 "Projects list")', () => {
  it('marks a project the customer signed (issue 36 item 4)', async () => {
    stubFetch(() =>
      jsonResponse([buildProject({ id: 2, company_name: 'Signed Co', signed_at: '2026-11-27T15:00:00.000Z' }), buildProject({ id: 1, company_name: 'Open Co' })], { headers: { 'X-Total-Count': '2' } }),
    );
    renderList();
    const signed = await screen.findByRole('row', { name: /Signed Co/ });
    expect(within(signed).getByText('Signed Nov 27, 2026')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Open Co/ })).queryByText(/^Signed/)).not.toBeInTheDocument();
  });

  it('shows 25 a page with "Showing X to Y of N results" and Previous/Next', async () => {
    const calls = stubTwentySixProjects();
    const { user, router } = renderList();

    expect(await screen.findByText('Showing 1 to 25 of 26 results')).toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/api/projects');
    expect(calls[0]!.url.searchParams.get('page')).toBe('1');
    expect(calls[0]!.url.searchParams.get('per_page')).toBe('25');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['ID', 'Company', 'State', 'Stage', 'Days in Stage', 'Details']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26 to 26 of 26 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(within(screen.getByRole('table')).getByText('Company 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1 to 25 of 26 results')).toBeInTheDocument();
  });

  it('clips the grey table header to the card\'s rounded corners (issue 14 item 12)', async () => {
    stubTwentySixProjects();
    renderList();
    await screen.findByRole('table');
    const card = screen.getByRole('region', { name: 'Your projects' });
    expect(card).toHaveClass('rounded-2xl');
    // Without clipping, the header's background paints square corners over the rounded border.
    expect(card).toHaveClass('overflow-hidden');
  });

  it('badges Archived red and other stages green, hides State and Stage on small screens, and links each row', async () => {
    stubTwentySixProjects();
    const { user, router } = renderList();
    const table = await screen.findByRole('table');
    const archived = within(table).getByText('Archived');
    expect(archived.className).toContain('danger');
    expect(within(table).getAllByText('Presentation Ready')[0]!.className).toContain('brand');
    expect(within(table).getAllByRole('columnheader')[2]).toHaveClass('hidden', 'sm:table-cell');
    expect(within(table).getAllByRole('columnheader')[3]).toHaveClass('hidden', 'md:table-cell');

    await user.click(within(table).getByRole('link', { name: 'View project 26' }));
    expect(router.state.location.pathname).toBe('/projects/26');
  });

  it("says 'No Projects Yet' when there are none", async () => {
    stubFetch(() => jsonResponse([], { headers: { 'X-Total-Count': '0' } }));
    renderList();
    expect(await screen.findByText('No Projects Yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a failed list failed, with Retry, never "No Projects Yet" (issue 34 item 7)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    stubFetch(() =>
      down
        ? jsonResponse({ error: { code: 'internal', message: 'Down.' } }, { status: 500 })
        : jsonResponse([buildProject({ id: 4, company_name: 'Back Again' })], { headers: { 'X-Total-Count': '1' } }),
    );
    const { user } = renderList();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your projects could not be loaded.');
    expect(screen.queryByText('No Projects Yet')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch projects.', expect.anything());

    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('has the breadcrumb Home > Projects and the document title', async () => {
    stubTwentySixProjects();
    renderList();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByText('Projects')).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('table');
    expect(document.title).toBe('Projects · SunIn');
  });
});

describe('days in stage and the Stalled mark (issue 18 item 3)', () => {
  it('shows each project’s days at its stage, a column on wide screens and a line of the row on phones, and marks a stalled one', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000).toISOString();
    stubFetch(() =>
      jsonResponse(
        [
          buildProject({ id: 2, company_name: 'Stuck Storage', project_stage: 'Presentation Ready', stage_entered_at: daysAgo(22), stalled: true }),
          buildProject({ id: 1, company_name: 'Fresh Farms', stage_entered_at: daysAgo(0), stalled: false }),
        ],
        { headers: { 'X-Total-Count': '2' } },
      ),
    );
    renderList();
    const stuck = await screen.findByRole('row', { name: /Stuck Storage/ });
    // The column (hidden below md) and the row's own line (hidden from md up).
    expect(within(stuck).getByText('22 days').closest('td')).toHaveClass('hidden', 'md:table-cell');
    expect(within(stuck).getByText('22 days at this stage').closest('span.md\\:hidden')).not.toBeNull();
    expect(within(stuck).getAllByText('Stalled')).toHaveLength(2);
    const fresh = screen.getByRole('row', { name: /Fresh Farms/ });
    expect(within(fresh).getByText('Since today')).toBeInTheDocument();
    expect(within(fresh).getByText('At this stage since today')).toBeInTheDocument();
    expect(within(fresh).queryByText('Stalled')).not.toBeInTheDocument();
  });
});
