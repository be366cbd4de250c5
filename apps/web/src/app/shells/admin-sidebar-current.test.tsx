import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';

/** Issue 37 item 5: the admin sidebar marks the page shown, nested pages included. */
async function currentItems(path: string) {
  saveSession('jwt', buildUser({ company_role: 'full_access_admin', first_name: 'Avery', last_name: 'Admin' }));
  stubFetch(({ url }) => (url.pathname === '/api/user/profile' ? jsonResponse(buildUser({ first_name: 'Avery', last_name: 'Admin' })) : jsonResponse([])));
  renderRoutes(routes, { initialEntries: [path] });
  const nav = (await screen.findAllByRole('navigation', { name: 'Admin' }))[0]!;
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('admin sidebar current page (issue 37 item 5)', () => {
  it.each([
    ['/admin/all-projects', 'All Projects'],
    ['/admin/projects/12', 'All Projects'],
    ['/admin/all-users/4', 'Members'],
    ['/admin/proposal-management', 'Proposal Management'],
    ['/admin', 'Proposal Management'],
    ['/admin/leads', 'Leads'],
    ['/admin/referral-settings', 'Leads'],
  ])('%s highlights %s', async (path, label) => {
    expect(await currentItems(path)).toEqual([label]);
  });

  it('marks nothing on a page of none of them', async () => {
    expect(await currentItems('/admin/reports')).toEqual([]);
  });
});
