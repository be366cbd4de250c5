import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addItem, deleteItem, listItems, openQueueDb, setItemState } from '../lib/offline-queue/queue-db';
import { refreshQueue } from '../lib/offline-queue/site-visit-queue';
import { saveSession } from '../lib/session';
import { buildUser } from '../lib/test-fixtures';
import { renderRoutes } from '../lib/test-utils';
import { UploadQueuePanel } from './upload-queue-panel';

/** The device-wide list of the site visit queue (issue 41): every project's items, each removable after a confirmation. */
const user = buildUser({ id: 77 });

afterEach(async () => {
  vi.restoreAllMocks();
  const db = await openQueueDb();
  for (const item of await listItems(db, String(user.id))) await deleteItem(db, item.id);
  db.close();
});

describe('UploadQueuePanel', { timeout: 30_000 }, () => {
  it('shows nothing when the queue is empty', async () => {
    saveSession('jwt', user);
    await refreshQueue();
    renderRoutes([{ path: '/', element: <UploadQueuePanel /> }]);
    expect(screen.queryByRole('heading', { name: 'Waiting to upload' })).not.toBeInTheDocument();
  });

  it("lists every project's items with their state, and removes a refused one after a confirmation", async () => {
    // Offline: nothing is sent while the test looks.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    saveSession('jwt', user);
    const db = await openQueueDb();
    await addItem(db, String(user.id), { type: 'note', projectId: 11, body: 'Meter is behind the garage door.' });
    const gone = await addItem(db, String(user.id), { type: 'photo', projectId: 404, bytes: new Uint8Array([1]).buffer, contentType: 'image/jpeg', name: 'roof.jpg', taken_at: null, latitude: null, longitude: null });
    await setItemState(db, gone.id, 'failed', { message: 'Project not found.', fields: {} });
    db.close();
    await refreshQueue();
    renderRoutes([{ path: '/', element: <UploadQueuePanel /> }]);

    const list = await screen.findByRole('list', { name: 'Items waiting to upload' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Note “Meter is behind the garage door.”');
    expect(rows[0]).toHaveTextContent('Waiting to upload');
    expect(within(rows[0]!).getByRole('link', { name: 'Project 11' })).toHaveAttribute('href', '/projects/11');
    expect(rows[1]).toHaveTextContent('Photo roof.jpg');
    expect(rows[1]).toHaveTextContent('Could not upload: Project not found.');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Photo roof.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the upload queue?' });
    expect(dialog).toHaveTextContent('Photo roof.jpg will be removed from this device and never uploaded.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    const after = await openQueueDb();
    expect((await listItems(after, String(user.id))).map((item) => item.projectId)).toEqual([11]);
    after.close();
  });
});
