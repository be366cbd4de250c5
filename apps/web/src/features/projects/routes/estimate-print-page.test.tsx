import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { makeEstimate, makeMissingEstimate } from '../../../components/estimate/estimate-fixtures';
import { EstimatePrintPage } from './estimate-print-page';

function stubProject(estimate = makeEstimate()) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/projects/7') return jsonResponse(buildProject({ id: 7, company_name: 'Sunny Foods', owner_name: 'Ana Lopez' }));
    if (url.pathname === '/api/projects/7/estimate') return jsonResponse(estimate);
    if (url.pathname === '/api/user/profile') return jsonResponse(buildUser({ first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', phone_number: '5125550100' }));
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
}

describe('the estimate print view (issue 35 item 8)', () => {
  it("carries the partner's name and contact, the monthly bills, the returns, the credit and why, and every assumption", async () => {
    stubProject();
    renderRoutes([{ path: '/projects/:id/estimate', element: <EstimatePrintPage /> }], { initialEntries: ['/projects/7/estimate'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Savings estimate' })).toBeInTheDocument();
    const partner = screen.getByRole('group', { name: 'Your partner' });
    expect(await within(partner).findByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(partner).toHaveTextContent('Prepared by Ana Lopez · ana@example.com · (512) 555-0100');

    const bills = screen.getByRole('table', { name: 'Monthly bills before and after solar, whole project' });
    expect(within(bills).getAllByRole('row')).toHaveLength(2 + 12 + 1);
    expect(within(bills).getByText('Jun 2025').closest('tr')).toHaveTextContent('Jun 202510,000252 → 223');
    expect(screen.getByText('Solar lowers Main building’s June peak from 212 kW to 188 kW.')).toBeInTheDocument();
    expect(screen.getByText('average rate (no tariff)')).toBeInTheDocument();

    expect(screen.getByText('Net present value').parentElement).toHaveTextContent('$34,123');
    expect(screen.getByText('Internal rate of return').parentElement).toHaveTextContent('12.34 %');
    expect(screen.getByText('25-year savings (undiscounted)')).toBeInTheDocument();
    expect(screen.getByText('Eligible: a 30 % federal investment tax credit')).toBeInTheDocument();
    expect(screen.getByText(/Construction begins on March 1, 2026/)).toBeInTheDocument();
    const assumptions = screen.getByRole('region', { name: 'Assumptions used' });
    expect(within(assumptions).getByText('Discount rate:').parentElement).toHaveTextContent("Discount rate: 8 %The buyer's cost of capital");
    expect(within(assumptions).getAllByRole('term')).toHaveLength(Object.keys(makeEstimate().assumptions).length);
  });

  it('shows the owner name while the partner record cannot be read, and what to fill in without usage', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(({ url }) => {
      if (url.pathname === '/api/projects/7') return jsonResponse(buildProject({ id: 7, owner_name: 'Ana Lopez' }));
      if (url.pathname === '/api/projects/7/estimate') return jsonResponse(makeMissingEstimate());
      return jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 });
    });
    renderRoutes([{ path: '/projects/:id/estimate', element: <EstimatePrintPage /> }], { initialEntries: ['/projects/7/estimate'] });
    expect(await screen.findByText(/needs the monthly kWh/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your partner' })).toHaveTextContent('Prepared by Ana Lopez');
  });
});
