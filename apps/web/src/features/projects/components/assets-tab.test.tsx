import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredFile } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildStoredFile, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { AssetsTab } from './assets-tab';

function renderAssets() {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/', element: <AssetsTab projectId={7} /> }]);
}

const png = (name = 'roof.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const pdf = (name = 'bill.pdf') => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const text = (name = 'notes.txt') => new File(['hello'], name, { type: 'text/plain' });

function drop(zone: HTMLElement, files: File[]) {
  fireEvent.dragOver(zone, { dataTransfer: { files, dropEffect: 'none' } });
  fireEvent.drop(zone, { dataTransfer: { files } });
}

const QUOTA = 5 * 1024 ** 3;

/**
 * Images and files lists that grow with each upload, as the API does, and the member's storage
 * (GET /api/user/storage) that counts them on top of `usedElsewhere` bytes in other projects.
 */
function stubAssetsApi({
  uploadStatus = 201,
  uploadError,
  usedElsewhere = 0,
  quota = QUOTA,
  storage,
}: { uploadStatus?: number; uploadError?: string; usedElsewhere?: number; quota?: number; storage?: () => Response | Promise<Response> } = {}) {
  const stored: Record<'images' | 'files', StoredFile[]> = { images: [], files: [] };
  let nextId = 100;
  return stubFetch(({ url, method, body }) => {
    if (url.pathname === '/api/user/storage') {
      if (storage) return storage();
      const used = usedElsewhere + [...stored.images, ...stored.files].reduce((sum, item) => sum + item.byte_size, 0);
      return jsonResponse({ used_bytes: used, quota_bytes: quota });
    }
    const match = /^\/api\/projects\/7\/(images|files)(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return jsonResponse([]);
    const kind = match[1] as 'images' | 'files';
    if (method === 'GET') return jsonResponse(stored[kind]);
    if (method === 'DELETE') {
      stored[kind] = stored[kind].filter((item) => item.id !== Number(match[2]));
      return new Response(null, { status: 204 });
    }
    if (uploadStatus !== 201) {
      return jsonResponse({ error: { code: 'payload_too_large', message: uploadError ?? 'Too large.' } }, { status: uploadStatus });
    }
    const file = (body as FormData).get('file') as File;
    const item = buildStoredFile({ id: nextId++, name: file.name, content_type: file.type, byte_size: file.size, url: `/api/projects/7/${kind}/${nextId}` });
    stored[kind] = [...stored[kind], item];
    return jsonResponse(item, { status: 201 });
  });
}

describe('Assets tab (member-app.md 2, 5 and 7)', () => {
  it('takes only images in Photos, says why it refused the rest, and uploads each file in its own request', async () => {
    const calls = stubAssetsApi();
    renderAssets();
    const photos = await screen.findByTestId('images-drop-zone');
    expect(await within(photos).findByText('No photos yet')).toBeInTheDocument();

    drop(photos, [png('roof.png'), text('notes.txt'), png('panel.jpg'), pdf('bill.pdf')]);

    expect(within(photos).getByRole('alert')).toHaveTextContent('"notes.txt", "bill.pdf" were not added: only images can be added to Photos.');
    expect(await screen.findByText('Photos uploaded!')).toBeInTheDocument();
    const uploads = calls.filter((call) => call.method === 'POST');
    expect(uploads.map((call) => call.url.pathname)).toEqual(['/api/projects/7/images', '/api/projects/7/images']);
    expect(uploads.map((call) => ((call.body as FormData).get('file') as File).name)).toEqual(['roof.png', 'panel.jpg']);
    expect(uploads[0]!.headers.get('Authorization')).toBe('Bearer jwt');
    expect(await within(photos).findByRole('button', { name: 'Open roof.png' })).toBeInTheDocument();
    expect(within(photos).getByRole('button', { name: 'Open panel.jpg' })).toBeInTheDocument();
  });

  it('takes only application/pdf in Files', async () => {
    const calls = stubAssetsApi();
    renderAssets();
    const files = await screen.findByTestId('files-drop-zone');
    drop(files, [png('roof.png'), pdf('bill.pdf')]);

    expect(within(files).getByRole('alert')).toHaveTextContent('"roof.png" was not added: only PDF files can be added to Files.');
    expect(await screen.findByText('Files uploaded!')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/projects/7/files']);
    const link = await within(files).findByRole('link', { name: 'Download bill.pdf' });
    expect(link).toHaveAttribute('href', expect.stringMatching(/\/api\/projects\/7\/files\/\d+\?download=1$/));
    expect(link).toHaveAttribute('download');
  });

  it('sends nothing when every dropped file is refused', async () => {
    const calls = stubAssetsApi();
    renderAssets();
    const files = await screen.findByTestId('files-drop-zone');
    drop(files, [text()]);
    expect(within(files).getByRole('alert')).toHaveTextContent('"notes.txt" was not added');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("the picker accepts image/* for photos and .pdf for files; a rejected upload toasts 'Something went wrong' with the server's reason", async () => {
    stubAssetsApi({ uploadStatus: 413, uploadError: 'The file is larger than 20 MB.' });
    const { user } = renderAssets();
    expect(screen.getByTestId('images-input')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByTestId('files-input')).toHaveAttribute('accept', '.pdf');
    expect(screen.getByRole('button', { name: 'Upload Photos' })).toBeInTheDocument();

    await user.upload(screen.getByTestId('images-input'), [png('huge.png')]);
    expect(await screen.findByText('Something went wrong: The file is larger than 20 MB.')).toBeInTheDocument();
  });

  it('deletes a file after confirming, with {source: active_storage}', async () => {
    const calls = stubAssetsApi();
    const { user } = renderAssets();
    const files = await screen.findByTestId('files-drop-zone');
    drop(files, [pdf('bill.pdf')]);
    await user.click(await within(files).findByRole('button', { name: 'Delete bill.pdf' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete file?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(within(files).getByRole('button', { name: 'Delete bill.pdf' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete file?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(files).queryByText('bill.pdf')).not.toBeInTheDocument());
    const deletion = calls.find((call) => call.method === 'DELETE');
    expect(deletion?.url.pathname).toMatch(/^\/api\/projects\/7\/files\/\d+$/);
    expect(deletion?.body).toEqual({ source: 'active_storage' });
    expect(await within(files).findByText('No files yet')).toBeInTheDocument();
  });

  it("sends a drop of many photos at most 3 at a time, so a member stays under the server's limit of uploads in progress", async () => {
    let inFlight = 0;
    let most = 0;
    const calls = stubFetch(async ({ url, method }) => {
      if (url.pathname === '/api/user/storage') return jsonResponse({ used_bytes: 0, quota_bytes: QUOTA });
      if (method !== 'POST') return jsonResponse([]);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return jsonResponse(buildStoredFile(), { status: 201 });
    });
    renderAssets();
    drop(await screen.findByTestId('images-drop-zone'), Array.from({ length: 7 }, (_, index) => png(`roof-${index}.png`)));
    // Not the toast: an earlier test's "Photos uploaded!" may still be on screen.
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(7), { timeout: 5_000 });
    expect(await screen.findByText('Photos uploaded!')).toBeInTheDocument();
    expect(most).toBe(3);
  });

  it("shows the member's storage, used of the quota, with a bar, and refreshes it after an upload and a delete", async () => {
    const calls = stubAssetsApi({ usedElsewhere: 4 * 1024, quota: 10 * 1024 });
    const { user } = renderAssets();
    expect(screen.getByText('Loading storage usage…')).toHaveAttribute('role', 'status');
    expect(await screen.findByText(/^Storage:/)).toHaveTextContent('Storage: 4 KB of 10 KB used');
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '40');

    const survey = new File([new Uint8Array(2 * 1024)], 'survey.pdf', { type: 'application/pdf' });
    drop(await screen.findByTestId('files-drop-zone'), [survey]);
    await waitFor(() => expect(screen.getByText(/^Storage:/)).toHaveTextContent('Storage: 6 KB of 10 KB used'));
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '60');

    const files = screen.getByTestId('files-drop-zone');
    await user.click(await within(files).findByRole('button', { name: 'Delete survey.pdf' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete file?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText(/^Storage:/)).toHaveTextContent('Storage: 4 KB of 10 KB used'));
    expect(calls.filter((call) => call.url.pathname === '/api/user/storage')).toHaveLength(3);
  });

  it('says when the storage is full, and the quota error of an upload is shown as the server words it', async () => {
    const message = 'This upload would take your storage past its 5 GB limit (5 GB used). Delete photos or files you no longer need, then try again.';
    stubAssetsApi({ usedElsewhere: QUOTA, uploadStatus: 413, uploadError: message });
    const { user } = renderAssets();
    expect(await screen.findByText(/^Storage:/)).toHaveTextContent('Storage: 5 GB of 5 GB used');
    expect(screen.getByText('Your storage is full: delete photos or files you no longer need to upload more.')).toBeInTheDocument();
    await user.upload(screen.getByTestId('files-input'), [pdf('more.pdf')]);
    expect(await screen.findByText(`Something went wrong: ${message}`)).toBeInTheDocument();
  });

  it('writes large sizes in GB, as the quota message does', async () => {
    stubAssetsApi({ usedElsewhere: 1_288_490_189 });
    renderAssets();
    expect(await screen.findByText(/^Storage:/)).toHaveTextContent('Storage: 1.2 GB of 5 GB used');
    expect(screen.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '24');
    expect(screen.queryByText(/storage is (full|nearly full)/)).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the storage usage cannot be loaded', async () => {
    let fail = true;
    stubAssetsApi({
      storage: () => (fail ? jsonResponse({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 }) : jsonResponse({ used_bytes: 2048, quota_bytes: QUOTA })),
    });
    const { user } = renderAssets();
    expect(await screen.findByText('We could not load your storage usage.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Storage:/)).toHaveTextContent('Storage: 2 KB of 5 GB used');
    expect(screen.queryByText('We could not load your storage usage.')).not.toBeInTheDocument();
  });
});
