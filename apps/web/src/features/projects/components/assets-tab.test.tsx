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

/** Images and files lists that grow with each upload, as the API does. */
function stubAssetsApi({ uploadStatus = 201, uploadError }: { uploadStatus?: number; uploadError?: string } = {}) {
  const stored: Record<'images' | 'files', StoredFile[]> = { images: [], files: [] };
  let nextId = 100;
  return stubFetch(({ url, method, body }) => {
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
    const item = buildStoredFile({ id: nextId++, name: file.name, content_type: file.type, url: `/api/projects/7/${kind}/${nextId}` });
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
});
