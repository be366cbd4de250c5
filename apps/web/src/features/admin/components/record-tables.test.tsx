import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RecordTable } from './record-tables';

describe('RecordTable (a member’s referrals, projects and accounts on the admin user page)', () => {
  it('says a failed list failed, with Retry, never its empty state (issue 34 item 7)', async () => {
    const onRetry = vi.fn();
    render(
      <MemoryRouter>
        <RecordTable
          caption="Projects"
          rows={undefined}
          pending={false}
          empty="No Projects Yet"
          failure={{ message: 'The projects could not be loaded. Check your connection and try again.', onRetry, retrying: false }}
          columns={[]}
          linkTo={(row) => `/admin/projects/${row.id}`}
          linkLabel={(row) => `View project ${row.id}`}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The projects could not be loaded.');
    expect(screen.queryByText('No Projects Yet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
