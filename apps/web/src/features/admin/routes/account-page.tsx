import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useAccount } from '../api/accounts';
import { AdminPageHeader } from '../components/admin-page-header';
import { formatDateTime } from '../components/format';
import { RecordStatusBadge } from '../components/record-tables';
import { parseRouteId } from './route-id';

export function RecordFacts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-4 rounded-2xl border border-ink-200 bg-white p-5 text-sm shadow-sm sm:grid-cols-2 sm:p-6">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-500">{label}</dt>
          <dd className="mt-0.5 font-medium break-words text-ink-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/accounts/:id: one account and a link back to its owner. */
export function AccountPage() {
  const accountId = parseRouteId(useParams().id) ?? 0;
  const account = useAccount(accountId);
  useEffect(() => {
    if (account.isError) adminToast.error(ADMIN_TOASTS.accountLoadFailed, `admin-account-${accountId}`);
  }, [account.isError, accountId]);

  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: 'All Accounts', to: '/admin/all-accounts' }, { label: `Account ${accountId}` }]} />
      {account.isPending ? (
        <PageSpinner label="Loading account…" />
      ) : account.isError ? (
        <EmptyState title={ADMIN_TOASTS.accountLoadFailed} />
      ) : (
        <>
          <AdminPageHeader title={account.data.company_name} description={`Account #${account.data.id}`} />
          <RecordFacts
            items={[
              ['Company', account.data.company_name],
              ['Address', account.data.address || 'N/A'],
              ['Status', <RecordStatusBadge key="status" status={account.data.status} />],
              ['Projects', String(account.data.project_count)],
              ['Created At', formatDateTime(account.data.created_at)],
              ['Owner', <TextLink key="owner" to={`/admin/all-users/${account.data.user_id}`}>View owner</TextLink>],
            ]}
          />
        </>
      )}
    </div>
  );
}
