import type { ADMIN_USER_SORTS, AdminUser } from '@sunin/contract';
import { TextLink } from '../../../components/ui/text-link';
import { fullName } from '../../../lib/current-user';
import { formatPhoneNumber } from '../../../lib/format';
import { cardClasses, tableClasses } from './admin-page-header';
import { accountTypeLabel, roleLabel } from './role-labels';
import { TableHead, type HeadColumn, type Sorting } from './table-head';
import { UserAvatar } from './user-avatar';

const COLUMNS: readonly HeadColumn[] = [{ label: 'Name', sort: 'first_name' }, 'Account Type', { label: 'Company', sort: 'company_name' }, { label: 'Email', sort: 'email' }, 'Phone', 'Company Role'];

/** What All Users sorts by (ADMIN_USER_SORTS), as the Sort by select below md offers it. */
export const USER_SORT_FIELDS = [
  { field: 'first_name', label: 'First name' },
  { field: 'last_name', label: 'Last name' },
  { field: 'email', label: 'Email' },
  { field: 'user_name', label: 'Username' },
  { field: 'company_name', label: 'Company' },
  { field: 'created_at', label: 'Joined' },
] as const satisfies ReadonlyArray<{ field: (typeof ADMIN_USER_SORTS)[number]; label: string }>;

/**
 * One page of users. Empty rows pad the table to `pageSize` rows (public-site-and-admin.md
 * 2.10), so that the pager stays in place from page to page.
 */
export function UsersTable({ users, pageSize, sorting }: { users: AdminUser[]; pageSize: number; sorting?: Sorting | undefined }) {
  const padding = Math.max(0, pageSize - users.length);
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Users</caption>
        <TableHead columns={COLUMNS} action="View" sorting={sorting} />
        <tbody className="divide-y divide-ink-200">
          {users.map((user) => {
            const name = fullName(user);
            return (
              <tr key={user.id} className="h-15">
                <td className={tableClasses.td}>
                  <div className="flex items-center gap-3">
                    <UserAvatar image={user.image} name={name} />
                    <span className="font-medium whitespace-nowrap text-ink-900">{name}</span>
                  </div>
                </td>
                <td className={`${tableClasses.td} whitespace-nowrap`}>{accountTypeLabel(user.account_type)}</td>
                <td className={tableClasses.td}>{user.company_name || 'N/A'}</td>
                <td className={tableClasses.td}>{user.email}</td>
                <td className={`${tableClasses.td} whitespace-nowrap`}>{formatPhoneNumber(user.phone_number) || 'N/A'}</td>
                <td className={`${tableClasses.td} whitespace-nowrap`}>{roleLabel(user.company_role)}</td>
                <td className={`${tableClasses.td} text-right`}>
                  <TextLink to={`/admin/all-users/${user.id}`} aria-label={`View ${name}`}>
                    View
                  </TextLink>
                </td>
              </tr>
            );
          })}
          {Array.from({ length: padding }, (_, index) => (
            <tr key={`pad-${index}`} aria-hidden="true" data-testid="padding-row" className="h-15">
              <td colSpan={COLUMNS.length + 1} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below md: one card per user, the View link inside the screen. */
export function UserCards({ users }: { users: AdminUser[] }) {
  return (
    <ul aria-label="Users" className={cardClasses.list}>
      {users.map((user) => {
        const name = fullName(user);
        return (
          <li key={user.id} className={cardClasses.card}>
            <div className="flex items-center gap-3">
              <UserAvatar image={user.image} name={name} />
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-ink-900">{name}</p>
                <p className="text-ink-600">{accountTypeLabel(user.account_type)}</p>
              </div>
              <TextLink to={`/admin/all-users/${user.id}`} aria-label={`View ${name}`}>
                View
              </TextLink>
            </div>
            <dl className="mt-3 grid gap-1 text-ink-800">
              <div className="flex gap-2">
                <dt className="text-ink-600">Company</dt>
                <dd className="min-w-0 break-words">{user.company_name || 'N/A'}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-ink-600">Email</dt>
                <dd className="min-w-0 break-all">{user.email}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-ink-600">Phone</dt>
                <dd>{formatPhoneNumber(user.phone_number) || 'N/A'}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-ink-600">Company Role</dt>
                <dd>{roleLabel(user.company_role)}</dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
