import { useState } from 'react';
import { Link } from 'react-router';
import type { QueueItem } from '../lib/offline-queue/queue-db';
import { queueItemLabel, queueStateText } from '../lib/offline-queue/queue-labels';
import { removeQueueItem, useQueuedItems } from '../lib/offline-queue/site-visit-queue';
import { Button } from './ui/button';
import { Panel } from './ui/card';
import { ConfirmDialog } from './ui/confirm-dialog';
import { textLinkClasses } from './ui/text-link';

export const UPLOAD_QUEUE_PANEL_ID = 'waiting-to-upload';

/**
 * Every site visit item this device keeps for the signed-in user, of every project (issue 41):
 * one refused for good on a project that has since gone (404) would otherwise be seen only on a
 * page that no longer opens. Each can be removed, after a confirmation. Nothing shows when the
 * queue is empty.
 */
export function UploadQueuePanel() {
  const items = useQueuedItems();
  const [removing, setRemoving] = useState<QueueItem | null>(null);
  if (items.length === 0) return null;
  return (
    <Panel
      title="Waiting to upload"
      id={UPLOAD_QUEUE_PANEL_ID}
      description="Site visit photos, notes, scans and utility values kept on this device until the server takes them. They upload in order when you are online."
    >
      <ul className="divide-y divide-ink-100" aria-label="Items waiting to upload">
        {items.map((item) => {
          const label = queueItemLabel(item);
          return (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 space-y-1">
                <p className="truncate text-sm font-medium text-ink-900" title={label}>
                  {label}
                </p>
                <p className="text-xs text-ink-600">
                  <Link to={`/projects/${item.projectId}`} className={textLinkClasses}>
                    Project {item.projectId}
                  </Link>
                  {' · '}
                  {new Date(item.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                </p>
                <p role="status" className={`text-xs font-medium ${item.state === 'failed' ? 'text-danger-700' : 'text-ink-600'}`}>
                  {queueStateText(item)}
                </p>
              </div>
              {item.state !== 'uploading' && (
                <Button variant="secondary" className="!px-2 !py-1 text-xs" onClick={() => setRemoving(item)} aria-label={`Remove ${label}`}>
                  Remove
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the upload queue?"
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) void removeQueueItem(removing.id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing ? queueItemLabel(removing) : ''} will be removed from this device and never uploaded. This cannot be undone.</p>
      </ConfirmDialog>
    </Panel>
  );
}
