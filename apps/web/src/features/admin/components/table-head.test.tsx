import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { nextSort, TableHead } from './table-head';

function renderHead(sort: string) {
  const onSort = vi.fn();
  render(
    <table>
      <TableHead columns={[{ label: 'Name', sort: 'first_name' }, 'Phone', { label: 'Email', sort: 'email' }]} action="View" sorting={{ sort, onSort }} />
    </table>,
  );
  return onSort;
}

describe('sortable column headers (issue 15 item 2)', () => {
  it('flips the sorted column and starts another ascending', () => {
    expect(nextSort('first_name', 'first_name')).toBe('-first_name');
    expect(nextSort('-first_name', 'first_name')).toBe('first_name');
    expect(nextSort('-updated_at', 'company_name')).toBe('company_name');
  });

  it('puts aria-sort on the sorted header only, and a button in each sortable one', async () => {
    const onSort = renderHead('-email');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('aria-sort');
    // A column the server cannot sort is plain text.
    expect(screen.getByRole('columnheader', { name: 'Phone' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Phone' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    expect(onSort).toHaveBeenLastCalledWith('email');
    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort).toHaveBeenLastCalledWith('first_name');
  });

  it('says ascending for an ascending sort', () => {
    renderHead('first_name');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('is a plain header row without sorting', () => {
    render(
      <table>
        <TableHead columns={[{ label: 'Name', sort: 'first_name' }]} action="View" />
      </table>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
