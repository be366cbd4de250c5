import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEstimate } from '../../components/estimate/estimate-fixtures';
import { buildProject, buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { AdminEstimatePrintRoute } from './admin-project-page';

describe("the admin's estimate print view (issue 35 item 8)", () => {
  it("names the project owner as the partner, with the owner's email and phone from the admin API", async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/admin/projects/7') return jsonResponse(buildProject({ id: 7, user_id: 12, owner_name: 'Ben Ortiz' }));
      if (url.pathname === '/api/admin/projects/7/estimate') return jsonResponse(makeEstimate());
      if (url.pathname === '/api/admin/users/12') return jsonResponse({ ...buildUser({ id: 12, first_name: 'Ben', last_name: 'Ortiz', email: 'ben@example.com', phone_number: '7025550123' }), last_activity_at: null, stripe_customer_id: null, stripe_subscription_id: null });
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    });
    renderRoutes([{ path: '/admin/projects/:id/estimate', element: <AdminEstimatePrintRoute /> }], { initialEntries: ['/admin/projects/7/estimate'] });
    const partner = await screen.findByRole('group', { name: 'Your partner' });
    expect(await within(partner).findByText('ben@example.com')).toBeInTheDocument();
    expect(partner).toHaveTextContent('Prepared by Ben Ortiz · ben@example.com · (702) 555-0123');
    // The admin's own profile is not the partner.
    expect(calls.some((call) => call.url.pathname === '/api/user/profile')).toBe(false);
  });
});
