import { useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { useAdminTariff } from '../api/tariffs';
import { ActivityPanel } from '../components/activity-panel';
import { AdminPageHeader } from '../components/admin-page-header';
import { TariffForm } from '../components/tariff-form';
import { parseRouteId } from './route-id';

const BACK = <TextLink to="/admin/tariffs">All tariffs</TextLink>;

/** /admin/tariffs/new and /admin/tariffs/:id: the tariff editor (issue 35 item 4). */
export function TariffEditorPage() {
  const { id: param } = useParams();
  const isNew = param === undefined || param === 'new';
  const id = isNew ? null : parseRouteId(param);
  const tariff = useAdminTariff(id);

  if (isNew) {
    return (
      <div className="mx-auto max-w-5xl">
        <AdminPageHeader title="New tariff" description={BACK} />
        <TariffForm />
      </div>
    );
  }
  const missing = id === null || (tariff.error instanceof ApiError && tariff.error.status === 404);
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader title={tariff.data ? tariff.data.name : 'Tariff'} description={BACK} />
      {missing ? (
        <EmptyState title="Tariff not found">It may have been deleted.</EmptyState>
      ) : tariff.isPending ? (
        <PageSpinner label="Loading the tariff…" />
      ) : tariff.isError ? (
        <LoadError message="The tariff could not be loaded. Check your connection and try again." onRetry={() => tariff.refetch()} retrying={tariff.isFetching} />
      ) : (
        <div className="space-y-8">
          <TariffForm key={tariff.data.id} tariff={tariff.data} />
          <ActivityPanel entityType="tariff" entityId={tariff.data.id} />
        </div>
      )}
    </div>
  );
}
