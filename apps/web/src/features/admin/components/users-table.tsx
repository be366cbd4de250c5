import type { AdminUser } from '@sunin/contract';
import { TextLink } from '../../../components/ui/text-link';
import { fullName } from '../../../lib/current-user';
import { tableClasses } from './admin-page-header';
import { accountTypeLabel, roleLabel } from './role-labels';
import { UserAvatar } from './user-avatar';

const COLUMNS = ['Name', 'Account Type', 'Email', 'Phone', 'Company Role'] as const;

/**
 * One page of users. Empty rows pad the table to `pageSize` rows (public-site-and-admin.md
 * 2.10), so that the pager stays in place from page to page.
 */
export function UsersTable({ users, pageSize }: { users: AdminUser[]; pageSize: number }) {
  const padding = Math.max(0, pageSize - users.length);
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Users</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={tableClasses.th}>
                {column}
              </th>
            ))}
            <th scope="col" className={tableClasses.th}>
              <span className="sr-only">View</span>
            </th>
          </tr>
        </thead>
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
                <td className={tableClasses.td}>{user.email}</td>
                <td className={`${tableClasses.td} whitespace-nowrap`}>{user.phone_number || 'N/A'}</td>
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
