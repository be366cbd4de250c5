import { useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE, ARCHIVED_STAGE } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { tableClasses } from './admin-page-header';
import { pageSlice } from './page-of-pages';
import { TableHead, type Sorting } from './table-head';

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
  /** The server's sort field, when the column sorts. */
  sort?: string;
  className?: string;
}

/** The ID column every record table starts with. */
export const idColumn = <T extends { id: number }>(sort?: string): Column<T> => ({ header: 'ID', cell: (row) => row.id, className: 'font-semibold', ...(sort ? { sort } : {}) });

interface RecordRowsProps<T extends { id: number }> {
  caption: string;
  rows: readonly T[];
  columns: Array<Column<T>>;
  /** The record's admin page, e.g. /admin/accounts/3. */
  linkTo: (row: T) => string;
  linkLabel: (row: T) => string;
  /** Sortable headers (a list the server sorts). */
  sorting?: Sorting | undefined;
  /** A first column before the records' own: its header and a cell per row (All Projects' bulk selection). */
  lead?: { header: ReactNode; cell: (row: T) => ReactNode } | undefined;
}

/** The rows of records with a View link each, from md up (the user's records, All Projects). */
export function RecordRowsTable<T extends { id: number }>({ caption, rows, columns, linkTo, linkLabel, sorting, lead }: RecordRowsProps<T>) {
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={columns.map((column) => ({ label: column.header, sort: column.sort }))} action="Open" sorting={sorting} lead={lead?.header} />
        <tbody className="divide-y divide-ink-200">
          {rows.map((row) => (
            <tr key={row.id}>
              {lead && <td className={tableClasses.td}>{lead.cell(row)}</td>}
              {columns.map((column) => (
                <td key={column.header} className={`${tableClasses.td} ${column.className ?? ''}`}>
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
  );
}

interface RecordTableProps<T extends { id: number }> extends Omit<RecordRowsProps<T>, 'rows' | 'sorting' | 'lead'> {
  rows: T[] | undefined;
  pending: boolean;
  empty: string;
  /** Set when the list failed to load: an error with Retry in place of the empty state (issue 34 item 7). */
  failure?: { message: string; onRetry: () => unknown; retrying: boolean };
}

/** A list the server returns whole, paged by 8 here with Previous/Next. */
export function RecordTable<T extends { id: number }>({ rows, pending, empty, failure, columns, ...table }: RecordTableProps<T>) {
  const [page, setPage] = useState(1);
  if (failure) return <LoadError message={failure.message} onRetry={failure.onRetry} retrying={failure.retrying} />;
  if (pending) return <PageSpinner label={`Loading ${table.caption.toLowerCase()}…`} />;
  if (!rows || rows.length === 0) return <EmptyState title={empty} />;
  const lastPage = Math.max(1, Math.ceil(rows.length / ADMIN_PAGE_SIZE));
  const current = Math.min(page, lastPage);
  return (
    <div className="space-y-3">
      <RecordRowsTable {...table} rows={pageSlice(rows, current, ADMIN_PAGE_SIZE)} columns={[idColumn<T>(), ...columns]} />
      <Pagination page={current} pageSize={ADMIN_PAGE_SIZE} total={rows.length} onPageChange={setPage} label={`${table.caption} pages`} />
    </div>
  );
}
