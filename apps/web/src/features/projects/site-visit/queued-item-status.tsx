import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { QueueItem } from '../../../lib/offline-queue/queue-db';
import { queueStateText } from '../../../lib/offline-queue/queue-labels';
import { removeQueueItem, retryQueueItem, type RetryChanges } from '../../../lib/offline-queue/site-visit-queue';

/**
 * The state line of one queued item and, once it failed, Retry (with the changes the caller
 * offers, such as a note's edited text) and Remove, which asks first: what is removed never
 * reaches the project.
 */
export function QueuedItemStatus({ item, label, retryChanges, retryLabel = 'Retry' }: { item: QueueItem; label: string; retryChanges?: RetryChanges; retryLabel?: string }) {
  const [removing, setRemoving] = useState(false);
  const failed = item.state === 'failed';
  return (
    <div className="space-y-1">
      <p role="status" className={`text-xs font-medium ${failed ? 'text-danger-700' : 'text-ink-600'}`}>
        {queueStateText(item)}
      </p>
      {failed && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="!px-2 !py-1 text-xs" onClick={() => void retryQueueItem(item.id, retryChanges)} aria-label={`${retryLabel}: ${label}`}>
            {retryLabel}
          </Button>
          <Button variant="secondary" className="!px-2 !py-1 text-xs" onClick={() => setRemoving(true)} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={removing}
        title="Remove from the upload queue?"
        confirmLabel="Remove"
        onConfirm={() => {
          setRemoving(false);
          void removeQueueItem(item.id);
        }}
        onCancel={() => setRemoving(false)}
      >
        <p>{label} will be removed from this device and never uploaded. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}

/** "3 waiting to upload" for the project header; nothing when the queue holds none of the project's items. */
export function QueuedCount({ items }: { items: QueueItem[] }) {
  if (items.length === 0) return null;
  const failed = items.filter((item) => item.state === 'failed').length;
  return (
    <p role="status" className="mt-2 inline-flex items-center gap-2 rounded-full bg-ink-100 px-3 py-1 text-xs font-semibold text-ink-800">
      <span aria-hidden="true" className="inline-block size-2 rounded-full bg-sun-500" />
      {items.length} waiting to upload{failed > 0 ? ` (${failed} could not upload)` : ''}
    </p>
  );
}
