import { useState } from 'react';
import toast from 'react-hot-toast';
import type { WebhookDelivery } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { DELIVERIES_PER_PAGE, useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { DeliveryItem } from './delivery-item';

export const DELIVERY_LOG_TEXTS = {
  loadFailed: 'We could not load the delivery log.',
  none: 'No deliveries yet',
  testSent: 'A test event is on its way.',
  testFailed: 'The test event could not be sent.',
  replayed: 'The delivery is sent again.',
  replayFailed: 'The delivery could not be replayed.',
} as const;

/**
 * An endpoint's delivery log (issue 40 item 3), newest first, 25 a page, with "Send test event"
 * and Refresh. The log reads itself again every few seconds while a delivery on the page is
 * pending (list-webhook-deliveries.ts); a test or a replay goes back to the first page, where
 * the new delivery shows.
 */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const sendTest = useSendTestWebhook();
  const replay = useReplayWebhookDelivery();

  const test = () =>
    sendTest.mutate(endpointId, {
      onSuccess: () => {
        setPage(1);
        toast.success(DELIVERY_LOG_TEXTS.testSent);
      },
      onError: (error) => toast.error(errorMessage(error, DELIVERY_LOG_TEXTS.testFailed)),
    });
  const replayDelivery = (delivery: WebhookDelivery) =>
    replay.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: () => {
          setPage(1);
          toast.success(DELIVERY_LOG_TEXTS.replayed);
        },
        onError: (error) => toast.error(errorMessage(error, DELIVERY_LOG_TEXTS.replayFailed)),
      },
    );

  return (
    <div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button onClick={test} pending={sendTest.isPending}>
          Send test event
        </Button>
        <Button variant="secondary" onClick={() => void deliveries.refetch()} pending={deliveries.isFetching && !deliveries.isPending}>
          Refresh
        </Button>
      </div>
      <div className="mt-4">
        {deliveries.isPending ? (
          <Spinner label="Loading the delivery log…" />
        ) : deliveries.isError ? (
          <LoadError message={DELIVERY_LOG_TEXTS.loadFailed} onRetry={() => deliveries.refetch()} retrying={deliveries.isFetching} />
        ) : deliveries.data.deliveries.length === 0 ? (
          <EmptyState title={DELIVERY_LOG_TEXTS.none}>Send a test event to check that your receiver answers.</EmptyState>
        ) : (
          <>
            <ul aria-label="Deliveries" className="divide-y divide-ink-200">
              {deliveries.data.deliveries.map((delivery) => (
                <DeliveryItem key={delivery.id} delivery={delivery} onReplay={replayDelivery} replaying={replay.isPending && replay.variables.deliveryId === delivery.id} />
              ))}
            </ul>
            {deliveries.data.total > DELIVERIES_PER_PAGE && (
              <div className="mt-4">
                <Pagination page={page} pageSize={DELIVERIES_PER_PAGE} total={deliveries.data.total} onPageChange={setPage} label="Delivery log pages" />
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
