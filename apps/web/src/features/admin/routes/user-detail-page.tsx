import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { Account, Project, Referral } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { fullName, useCurrentUser } from '../../../lib/current-user';
import { ADMIN_LOAD_ERRORS, ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useAdminUser } from '../api/get-user';
import { useUserAccounts, useUserProjects, useUserReferrals, type StageFilter } from '../api/list-user-records';
import { ActivityPanel } from '../components/activity-panel';
import { UserEarningsPanel } from '../components/user-earnings-panel';
import { UserTaxFormPanel } from '../components/user-tax-form-panel';
import { AdminPageHeader } from '../components/admin-page-header';
import { RecordStatusBadge, RecordTable, StageBadge, type Column } from '../components/record-tables';
import { DeleteUserButton } from '../components/delete-user-button';
import { ResetTwoFactorButton } from '../components/reset-two-factor-button';
import { SignOutEverywhereButton } from '../components/sign-out-everywhere-button';
import { UserAvatar } from '../components/user-avatar';
import { UserEditForm } from '../components/user-edit-form';
import { parseRouteId } from './route-id';

const REFERRAL_COLUMNS: Array<Column<Referral>> = [
  { header: 'Company', cell: (row) => row.company_name },
  { header: 'Address', cell: (row) => row.address || 'N/A' },
  { header: 'Status', cell: (row) => <RecordStatusBadge status={row.status} /> },
];
const PROJECT_COLUMNS: Array<Column<Project>> = [
  { header: 'Company', cell: (row) => row.company_name },
  { header: 'Industry', cell: (row) => row.industry || 'N/A' },
  { header: 'Stage', cell: (row) => <StageBadge stage={row.project_stage} /> },
];
const ACCOUNT_COLUMNS: Array<Column<Account>> = [
  { header: 'Company', cell: (row) => row.company_name },
  { header: 'Address', cell: (row) => row.address || 'N/A' },
  { header: 'Status', cell: (row) => <RecordStatusBadge status={row.status} /> },
];

function Section({ title, children, actions }: { title: string; children: React.ReactNode; actions?: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-ink-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A failed list reads as failed, with Retry, never as its empty state (issue 34 item 7). */
const failureOf = (query: { isError: boolean; isFetching: boolean; refetch: () => unknown }, message: string) =>
  query.isError ? { message, onRetry: () => query.refetch(), retrying: query.isFetching } : undefined;

function UserRecords({ userId }: { userId: number }) {
  const [stageFilter, setStageFilter] = useState<StageFilter>('working');
  const referrals = useUserReferrals(userId);
  const projects = useUserProjects(userId, stageFilter);
  const accounts = useUserAccounts(userId);
  return (
    <div className="space-y-8">
      <Section title="Referrals">
        <RecordTable
          caption="Referrals"
          rows={referrals.data}
          pending={referrals.isPending}
          failure={failureOf(referrals, ADMIN_LOAD_ERRORS.referrals)}
          columns={REFERRAL_COLUMNS}
          empty="No Referrals Yet"
          linkTo={(row) => `/admin/referrals/${row.id}`}
          linkLabel={(row) => `View referral ${row.id}`}
        />
      </Section>
      <Section
        title="Projects"
        actions={
          <div role="group" aria-label="Project filter" className="inline-flex rounded-lg border border-ink-300 bg-white p-0.5">
            {(['working', 'archived'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={stageFilter === value}
                onClick={() => setStageFilter(value)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium ${stageFilter === value ? 'bg-brand-700 text-white' : 'text-ink-700 hover:bg-ink-100'}`}
              >
                {value === 'working' ? 'Working' : 'Archived'}
              </button>
            ))}
          </div>
        }
      >
        <RecordTable
          key={stageFilter}
          caption="Projects"
          rows={projects.data}
          pending={projects.isPending}
          failure={failureOf(projects, ADMIN_LOAD_ERRORS.projects)}
          columns={PROJECT_COLUMNS}
          empty="No Projects Yet"
          linkTo={(row) => `/admin/projects/${row.id}`}
          linkLabel={(row) => `View project ${row.id}`}
        />
      </Section>
      <Section title="Accounts">
        <RecordTable
          caption="Accounts"
          rows={accounts.data}
          pending={accounts.isPending}
          failure={failureOf(accounts, ADMIN_LOAD_ERRORS.accounts)}
          columns={ACCOUNT_COLUMNS}
          empty="No Accounts Yet"
          linkTo={(row) => `/admin/accounts/${row.id}`}
          linkLabel={(row) => `View account ${row.id}`}
        />
      </Section>
    </div>
  );
}

/** User detail (/admin/all-users/:id): edit the profile, then the user's referrals, projects and accounts. */
export function UserDetailPage() {
  const userId = parseRouteId(useParams().id);
  if (userId === null) return <EmptyState title="User not found" />;
  return <UserDetail key={userId} userId={userId} />;
}

function UserDetail({ userId }: { userId: number }) {
  const user = useAdminUser(userId);
  const me = useCurrentUser();
  useEffect(() => {
    if (user.isError) {
      console.error(ADMIN_TOASTS.userLoadFailed, user.error);
      adminToast.error(ADMIN_TOASTS.userLoadFailed, `admin-user-${userId}`);
    }
  }, [user.isError, user.error, userId]);

  const name = user.data ? fullName(user.data) : 'User';
  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: 'Members', to: '/admin/all-users' }, { label: name }]} />
      {user.isPending ? (
        <PageSpinner label="Loading user…" />
      ) : user.isError ? (
        <EmptyState title={ADMIN_TOASTS.userLoadFailed} />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-4">
            <UserAvatar image={user.data.image} name={name} />
            <div className="min-w-0 flex-1">
              <AdminPageHeader title={name} description={user.data.email} />
            </div>
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
              <Badge tone={user.data.mfa_enabled ? 'green' : 'grey'} className="self-start sm:self-auto">Two-factor {user.data.mfa_enabled ? 'on' : 'off'}</Badge>
              {user.data.mfa_enabled && user.data.id !== me.data?.id && <ResetTwoFactorButton userId={user.data.id} name={name} />}
              <SignOutEverywhereButton userId={user.data.id} name={name} />
              {me.data && user.data.id !== me.data.id && <DeleteUserButton userId={user.data.id} name={name} />}
            </div>
          </div>
          <UserEditForm key={user.data.id} user={user.data} />
          <UserRecords userId={userId} />
          <UserEarningsPanel userId={userId} name={name} />
          <UserTaxFormPanel userId={userId} name={name} />
          <ActivityPanel entityType="user" entityId={userId} />
        </>
      )}
    </div>
  );
}
