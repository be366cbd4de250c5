import { useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE, ARCHIVED_STAGE } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { TableHead, tableClasses } from './admin-page-header';
import { pageSlice } from './page-of-pages';

/** Referral and account status: Inactive red, anything else green (public-site-and-admin.md 2.10). */
export function RecordStatusBadge({ status }: { status: string }) {
  return <Badge tone={status === 'Inactive' ? 'red' : 'green'}>{status}</Badge>;
}

/** Project stage: Archived red, others green. */
export function StageBadge({ stage }: { stage: string }) {
  return <Badge tone={stage === ARCHIVED_STAGE ? 'red' : 'green'}>{stage}</Badge>;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface RecordTableProps<T extends { id: number }> {
  caption: string;
  rows: T[] | undefined;
  pending: boolean;
  columns: Array<Column<T>>;
  empty: string;
  /** The record's admin page, e.g. /admin/accounts/3. */
  linkTo: (row: T) => string;
  linkLabel: (row: T) => string;
}

/** A list the server returns whole, paged by 8 here with Previous/Next. */
export function RecordTable<T extends { id: number }>({ caption, rows, pending, columns, empty, linkTo, linkLabel }: RecordTableProps<T>) {
  const [page, setPage] = useState(1);
  if (pending) return <PageSpinner label={`Loading ${caption.toLowerCase()}…`} />;
  if (!rows || rows.length === 0) return <EmptyState title={empty} />;
  const lastPage = Math.max(1, Math.ceil(rows.length / ADMIN_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  return (
    <div className="space-y-3">
      <div className={tableClasses.wrap}>
        <table className={tableClasses.table}>
          <caption className="sr-only">{caption}</caption>
          <TableHead columns={['ID', ...columns.map((column) => column.header)]} action="Open" />
          <tbody className="divide-y divide-ink-200">
            {pageSlice(rows, current, ADMIN_PAGE_SIZE).map((row) => (
              <tr key={row.id}>
                <td className={`${tableClasses.td} font-semibold`}>{row.id}</td>
                {columns.map((column) => (
                  <td key={column.header} className={tableClasses.td}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className={`${tableClasses.td} text-right`}>
                  <TextLink to={linkTo(row)} aria-label={linkLabel(row)}>
                    View
                  </TextLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={current} pageSize={ADMIN_PAGE_SIZE} total={rows.length} onPageChange={setPage} label={`${caption} pages`} />
    </div>
  );
}
