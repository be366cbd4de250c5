import { IDEMPOTENCY_KEY_HEADER } from '@sunin/contract';
import { ApiError, apiRequest } from '../api-client';
import type { QueueItem } from './queue-db';

/**
 * Sends one queued item (a photo or file with its bytes, read just for this) as the member's API takes it (member-app.md 7 and issue 41), each with
 * its Idempotency-Key so that sending it again after a lost answer makes nothing twice. A
 * photo's fields go before its file, as the server reads them.
 */
export async function sendQueueItem(item: QueueItem, bytes?: ArrayBuffer): Promise<void> {
  const base = `/projects/${item.projectId}`;
  const headers = { [IDEMPOTENCY_KEY_HEADER]: item.id };
  switch (item.type) {
    case 'photo':
    case 'file': {
      // Lost bytes cannot be sent, ever: the item fails with a message rather than blocking the queue.
      if (!bytes) throw new ApiError(400, 'missing_bytes', `${item.name} is no longer on this device. Remove it and add it again.`);
      const body = new FormData();
      if (item.type === 'photo') {
        if (item.taken_at) body.append('taken_at', item.taken_at);
        if (item.latitude !== null && item.longitude !== null) {
          body.append('latitude', String(item.latitude));
          body.append('longitude', String(item.longitude));
        }
      }
      body.append('file', new Blob([bytes], { type: item.contentType }), item.name);
      await apiRequest(`${base}/${item.type === 'photo' ? 'images' : 'files'}`, { method: 'POST', body, headers });
      return;
    }
    case 'note':
      await apiRequest(`${base}/notes`, { method: 'POST', body: { note: { body: item.body } }, headers });
      return;
    case 'utility':
      // A project update sets values: sending it twice leaves the same project.
      await apiRequest(base, { method: 'PATCH', body: { project: item.project } });
      return;
  }
}
