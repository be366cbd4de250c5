import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useReferral } from '../api/accounts';
import { AdminPageHeader } from '../components/admin-page-header';
import { formatDateTime } from '../components/format';
import { RecordStatusBadge, StageBadge } from '../components/record-tables';
import { RecordFacts } from './account-page';
import { parseRouteId } from './route-id';

/** /admin/referrals/:id: one referral (a referral partner's project) with links to it and its owner. */
export function ReferralPage() {
  const referralId = parseRouteId(useParams().id) ?? 0;
  const referral = useReferral(referralId);
  useEffect(() => {
    if (referral.isError) adminToast.error(ADMIN_TOASTS.projectLoadFailed, `admin-referral-${referralId}`);
  }, [referral.isError, referralId]);

  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: 'Members', to: '/admin/all-users' }, { label: `Referral ${referralId}` }]} />
      {referral.isPending ? (
        <PageSpinner label="Loading referral…" />
      ) : referral.isError ? (
        <EmptyState title="Referral not found" />
      ) : (
        <>
          <AdminPageHeader title={referral.data.company_name} description={`Referral #${referral.data.id}`} />
          <RecordFacts
            items={[
              ['Company', referral.data.company_name],
              ['Address', referral.data.address || 'N/A'],
              ['Status', <RecordStatusBadge key="status" status={referral.data.status} />],
              ['Project Stage', <StageBadge key="stage" stage={referral.data.project_stage} />],
              ['Submitted', formatDateTime(referral.data.created_at)],
              ['Owner', <TextLink key="owner" to={`/admin/all-users/${referral.data.user_id}`}>View owner</TextLink>],
              ['Project', <TextLink key="project" to={`/admin/projects/${referral.data.id}`}>Open project</TextLink>],
            ]}
          />
        </>
      )}
    </div>
  );
}
