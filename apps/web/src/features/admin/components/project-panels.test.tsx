import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildContact, buildProject } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ContactsPanel, UtilityInfoPanel } from './project-panels';

describe('admin project panels format numbers (issue 14 item 19)', () => {
  it('shows the average monthly power bill as $1,234.50', () => {
    render(<UtilityInfoPanel project={buildProject({ average_monthly_power_bill_cost: '1234.5' })} />);
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.queryByText('$1234.5')).not.toBeInTheDocument();
  });

  it('shows contact phone numbers as (555) 123-4567', async () => {
    stubFetch(() => jsonResponse([buildContact({ contact_phone_number: '5551234567' })]));
    renderRoutes([{ path: '/', element: <ContactsPanel projectId={7} /> }]);
    expect(await screen.findByText('(555) 123-4567')).toBeInTheDocument();
  });
});
