import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncQueue } from '../../../lib/offline-queue/site-visit-queue';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { UtilityInfoForm } from '../components/utility-info-form';
import type { PhotoDeps } from './photo-processing';
import { SiteVisitPhotos } from './site-visit-photos';

/**
 * The site visit's photo buttons and the Utility tab offline (issue 41 item 2), with the decode
 * and encode steps injected (jsdom has no canvas): a picture that cannot be decoded is refused
 * before it is queued; a photo waits with its capture time and place, and goes up with them.
 */
type Image = { width: number; height: number };
const deps = (decodable: boolean): PhotoDeps<Image> => ({
  readExif: async () => ({ DateTimeOriginal: '2026:12:05 14:03:00', OffsetTimeOriginal: '+00:00', latitude: 37.7749, longitude: -122.4194 }),
  decode: async () => {
    if (!decodable) throw new Error('not an image');
    return { width: 4032, height: 3024 };
  },
  encode: async () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }),
});

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
afterEach(() => vi.restoreAllMocks());

function renderPhotos(projectId: number, decodable = true) {
  saveSession('jwt', buildUser({ id: 51 }));
  return renderRoutes([{ path: '/', element: <SiteVisitPhotos projectId={projectId} deps={deps(decodable)} /> }]);
}

describe('site visit photos', () => {
  it('offers the camera (capture="environment") and the library, both for images', () => {
    stubFetch(() => jsonResponse([]));
    renderPhotos(201);
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add from library' })).toBeInTheDocument();
    expect(screen.getByTestId('camera-input')).toHaveAttribute('capture', 'environment');
    expect(screen.getByTestId('camera-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('library-input')).toHaveAttribute('accept', 'image/*');
  });

  it('refuses a file that cannot be decoded, with a clear message, and queues nothing', async () => {
    const calls = stubFetch(() => jsonResponse([]));
    renderPhotos(202, false);
    await userEvent.upload(screen.getByTestId('library-input'), new File(['not a photo'], 'scan.tiff', { type: 'image/tiff' }));
    expect(await screen.findByText(/scan\.tiff: This file could not be read as a photo/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Photos waiting to upload' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('says the device is out of storage space when IndexedDB has no room, and not that the photo is unreadable', async () => {
    const calls = stubFetch(() => jsonResponse([]));
    goOffline();
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    renderPhotos(209);
    await userEvent.upload(screen.getByTestId('camera-input'), new File(['raw'], 'IMG_1.JPG', { type: 'image/jpeg' }));
    expect(await screen.findByText(/IMG_1\.JPG: This device is out of storage space/)).toBeInTheDocument();
    expect(screen.queryByText(/could not be read as a photo/)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps a photo taken offline waiting with its time and place, then uploads it once with them', async () => {
    const calls = stubFetch(({ method }) => (method === 'POST' ? jsonResponse({ id: 1 }, { status: 201 }) : jsonResponse([])));
    const offline = goOffline();
    renderPhotos(203);
    await userEvent.upload(screen.getByTestId('camera-input'), new File(['raw'], 'IMG_2041.HEIC', { type: 'image/heic' }));
    const waiting = await screen.findByRole('list', { name: 'Photos waiting to upload' });
    expect(within(waiting).getByText('IMG_2041.jpg')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting to upload')).toBeInTheDocument();
    expect(within(waiting).getByText(/^Taken 5 Dec 2026/)).toBeInTheDocument();
    expect(within(waiting).getByRole('link', { name: /37\.7749, -122\.4194/ })).toBeInTheDocument();

    offline.mockReturnValue(true);
    await syncQueue();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Photos waiting to upload' })).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url.pathname).toBe('/api/projects/203/images');
    const form = posts[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['taken_at', 'latitude', 'longitude', 'file']);
    expect(form.get('taken_at')).toBe('2026-12-05T14:03:00+00:00');
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Utility Info offline', () => {
  it('saves on the device while offline, says so, and shows the save waiting', async () => {
    const calls = stubFetch(() => jsonResponse([]));
    goOffline();
    saveSession('jwt', buildUser({ id: 52 }));
    const project = buildProject({ id: 204, utility_company: '' });
    renderRoutes([{ path: '/', element: <UtilityInfoForm project={project} /> }]);
    await userEvent.type(screen.getByLabelText('Utility Company'), 'Austin Energy');
    await userEvent.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    expect(await screen.findByText('Saved on this device. The utility information uploads when you are back online.')).toBeInTheDocument();
    const waiting = await screen.findByRole('list', { name: 'Utility information waiting to upload' });
    expect(within(waiting).getByText('Waiting to upload')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});
