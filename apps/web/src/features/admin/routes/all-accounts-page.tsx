import { useEffect } from 'react';
import type { Account } from '@sunin/contract';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useAllAccounts } from '../api/accounts';
import { AdminPageHeader } from '../components/admin-page-header';
import { RecordStatusBadge, RecordTable, type Column } from '../components/record-tables';
import { TextLink } from '../../../components/ui/text-link';

const COLUMNS: Array<Column<Account>> = [
  { header: 'Company', cell: (row) => row.company_name },
  { header: 'Address', cell: (row) => row.address || 'N/A' },
  { header: 'Status', cell: (row) => <RecordStatusBadge status={row.status} /> },
  { header: 'Owner', cell: (row) => <TextLink to={`/admin/all-users/${row.user_id}`}>{row.owner_name}</TextLink> },
];

/** /admin/all-accounts: every account, 8 a page. */
export function AllAccountsPage() {
  const accounts = useAllAccounts();
  useEffect(() => {
    if (accounts.isError) adminToast.error(ADMIN_TOASTS.accountLoadFailed, 'admin-accounts');
  }, [accounts.isError]);
  return (
    <div className="space-y-4">
      <AdminPageHeader title="All Accounts" />
      <RecordTable
        caption="Accounts"
        rows={accounts.data}
        pending={accounts.isPending}
        columns={COLUMNS}
        empty="No Accounts Yet"
        linkTo={(row) => `/admin/accounts/${row.id}`}
        linkLabel={(row) => `View account ${row.id}`}
      />
    </div>
  );
}
