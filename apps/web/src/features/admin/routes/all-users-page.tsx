import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, FILTER_COMPANY_ROLES, type CompanyRole } from '@sunin/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { ADMIN_LOAD_ERRORS } from '../admin-messages';
import { useAdminUsers } from '../api/list-users';
import { AdminPageHeader } from '../components/admin-page-header';
import { fieldClasses, labelClasses } from '../../../components/ui/field-styles';
import { roleLabel } from '../components/role-labels';
import { UserCards, UsersTable } from '../components/users-table';

/**
 * All Users (/admin/all-users): by first name, filtered by company role (default All), 8 a page.
 * A load failure is logged (public-site-and-admin.md 8) and shown with Retry, never as 'No Users Yet'.
 */
export function AllUsersPage() {
  const [page, setPage] = useState(1);
  const [role, setRole] = useState<CompanyRole | ''>('');
  const users = useAdminUsers({ page, perPage: ADMIN_PAGE_SIZE, companyRole: role || undefined });
  const wide = useMediaQuery(MD_UP);
  useEffect(() => {
    if (users.isError) console.error('Failed to load users.', users.error);
  }, [users.isError, users.error]);

  return (
    <div className="space-y-4">
      <AdminPageHeader
        title="All Users"
        description="Every member and staff account, by first name."
        actions={
          <div className="sm:w-64">
            <label htmlFor="role-filter" className={labelClasses}>
              Company Role
            </label>
            <select
              id="role-filter"
              className={fieldClasses(false)}
              value={role}
              onChange={(event) => {
                setRole(event.target.value as CompanyRole | '');
                setPage(1);
              }}
            >
              <option value="">All</option>
              {FILTER_COMPANY_ROLES.map((option) => (
                <option key={option} value={option}>
                  {roleLabel(option)}
                </option>
              ))}
            </select>
          </div>
        }
      />
      {users.isPending ? (
        <PageSpinner label="Loading users…" />
      ) : users.isError ? (
        <LoadError message={ADMIN_LOAD_ERRORS.users} onRetry={() => users.refetch()} retrying={users.isFetching} />
      ) : !users.data || users.data.total === 0 ? (
        <EmptyState title="No Users Yet" />
      ) : (
        <>
          {wide ? <UsersTable users={users.data.rows} pageSize={ADMIN_PAGE_SIZE} /> : <UserCards users={users.data.rows} />}
          <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={users.data.total} onPageChange={setPage} label="User pages" />
        </>
      )}
    </div>
  );
}
