import { useEffect } from 'react';
import {
  ACCOUNT_TYPES,
  ADMIN_PAGE_SIZE,
  FILTER_COMPANY_ROLES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type AccountType,
  type CompanyRole,
  type SubscriptionStatus,
} from '@sunin/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { ADMIN_LOAD_ERRORS } from '../admin-messages';
import { useAdminUsers } from '../api/list-users';
import { AdminPageHeader } from '../components/admin-page-header';
import { chosenValues, filterKeys, ListToolbar, NoMatches, sortingOf, type ListFilter } from '../components/list-toolbar';
import { accountTypeLabel, roleLabel } from '../components/role-labels';
import { USER_SORT_FIELDS, UserCards, UsersTable } from '../components/users-table';

// id kept: the role filter of public-site-and-admin.md 2.10, default All.
const ROLE: ListFilter = { key: 'company_role', label: 'Company Role', kind: 'select', id: 'role-filter', options: FILTER_COMPANY_ROLES.map((value) => ({ value, label: roleLabel(value) })) };
const ACCOUNT_TYPE: ListFilter = { key: 'account_type', label: 'Account Type', kind: 'select', options: ACCOUNT_TYPES.map((value) => ({ value, label: accountTypeLabel(value) })) };
const SUBSCRIPTION: ListFilter = { key: 'subscription_status', label: 'Subscription', kind: 'select', options: SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] })) };
const FILTERS = [ROLE, ACCOUNT_TYPE, SUBSCRIPTION];
const FILTER_KEYS = filterKeys(FILTERS);

/**
 * All Users (/admin/all-users): by first name unless a header sorts it, filtered by company role
 * (default All), account type and subscription status, searched by name, email, username or
 * phone, 8 a page; the whole list state in the URL (issue 15 item 2), and an Export of it all.
 * A load failure is logged (public-site-and-admin.md 8) and shown with Retry, never as 'No Users Yet'.
 */
export function AllUsersPage() {
  const list = useListSearchParams(FILTER_KEYS);
  const sorting = sortingOf(list, USER_SORT_FIELDS, 'first_name');
  const users = useAdminUsers({
    page: list.page,
    perPage: ADMIN_PAGE_SIZE,
    q: list.q || undefined,
    companyRole: chosenValues(list, ROLE)[0] as CompanyRole | undefined,
    accountType: chosenValues(list, ACCOUNT_TYPE)[0] as AccountType | undefined,
    subscriptionStatus: chosenValues(list, SUBSCRIPTION)[0] as SubscriptionStatus | undefined,
    sort: list.sort && sorting.sort,
  });
  const wide = useMediaQuery(MD_UP);
  useEffect(() => {
    if (users.isError) console.error('Failed to load users.', users.error);
  }, [users.isError, users.error]);

  return (
    <div className="space-y-4">
      <AdminPageHeader title="All Users" description="Every member and staff account, by first name." />
      <ListToolbar
        list={list}
        search={{ id: 'user-search', label: 'Search users', placeholder: 'Name, email, username, phone or company' }}
        filters={FILTERS}
        sortFields={USER_SORT_FIELDS}
        sorting={sorting}
        wide={wide}
        exportPath="/api/admin/users.csv"
      />
      {users.isPending ? (
        <PageSpinner label="Loading users…" />
      ) : users.isError ? (
        <LoadError message={ADMIN_LOAD_ERRORS.users} onRetry={() => users.refetch()} retrying={users.isFetching} />
      ) : !users.data || users.data.total === 0 ? (
        list.narrowed ? <NoMatches what="users" list={list} /> : <EmptyState title="No Users Yet" />
      ) : (
        <>
          {wide ? <UsersTable users={users.data.rows} pageSize={ADMIN_PAGE_SIZE} sorting={sorting} /> : <UserCards users={users.data.rows} />}
          <Pagination page={list.page} pageSize={ADMIN_PAGE_SIZE} total={users.data.total} onPageChange={list.setPage} label="User pages" />
        </>
      )}
    </div>
  );
}
