import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { SiteDuplicatesNotice } from './site-duplicates-notice';

/** Issue 37 item 6: admins see the other projects at a project's site, any partner's. */
function renderNotice() {
  saveSession('jwt', buildUser({ company_role: 'full_access_admin' }));
  return renderRoutes([{ path: '/admin/projects/:id', element: <SiteDuplicatesNotice projectId={7} version="v1" /> }], { initialEntries: ['/admin/projects/7'] });
}

describe('SiteDuplicatesNotice', () => {
  it('links each other project at the same site, with its owner', async () => {
    const calls = stubFetch(() =>
      jsonResponse({ duplicates: [{ id: 9, company_name: 'Pacific Fasteners', address: '4100 Industrial Pkwy, Austin, TX 78701', user_id: 5, owner_name: 'Dua Site', project_stage: 'Presentation Ready', created_at: '2026-11-01T00:00:00.000Z' }] }),
    );
    renderNotice();
    const notice = await screen.findByRole('region', { name: /Possible duplicates/ });
    expect(within(notice).getByRole('link', { name: '#9 Pacific Fasteners' })).toHaveAttribute('href', '/admin/projects/9');
    expect(notice).toHaveTextContent('Dua Site');
    expect(calls[0]!.url.pathname).toBe('/api/admin/projects/7/duplicates');
  });

  it('shows nothing when the site has no other project', async () => {
    const calls = stubFetch(() => jsonResponse({ duplicates: [] }));
    const { queryClient } = renderNotice();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: /Possible duplicates/ })).not.toBeInTheDocument();
  });
});
