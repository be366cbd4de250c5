import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectNote } from '@sunin/contract';
import { refreshQueue, syncQueue } from '../../../lib/offline-queue/site-visit-queue';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { ProjectApiProvider, type ProjectApi } from '../../../lib/project-api';
import { memberProjectApi } from '../api/project-api';
import { NotesTab } from './notes-tab';

/**
 * The Notes tab and the site visit queue behind it (issue 41 item 2): loading, empty and error
 * states; a note written offline waits on the device, is sent once with its Idempotency-Key when
 * the connection is back, and a note the server refuses shows the server's message with Retry
 * and Remove. Each test uses its own project: the queue (fake-indexeddb) outlives a test.
 */
const user = buildUser({ id: 42, first_name: 'Nora', last_name: 'Field' });

function note(projectId: number, id: number, body: string, authorId = 42): ProjectNote {
  return { id, project_id: projectId, body, author_id: authorId, author_name: authorId === 42 ? 'Nora Field' : 'Avery Admin', created_at: '2026-12-06T13:03:00.000Z' };
}

/** GET and POST of one project's notes, as the API answers them. */
function stubNotesApi(
  projectId: number,
  { initial = [] as ProjectNote[], refuse, refuseWhen = () => true }: { initial?: ProjectNote[]; refuse?: { status: number; message: string; fields?: Record<string, string> }; refuseWhen?: (body: string) => boolean } = {},
) {
  const notes = [...initial];
  const calls = stubFetch(({ url, method, body, headers }: FetchCall) => {
    if (url.pathname !== `/api/projects/${projectId}/notes` && !url.pathname.startsWith(`/api/projects/${projectId}/notes/`)) return jsonResponse([]);
    if (method === 'GET') return jsonResponse(notes);
    if (method === 'DELETE') {
      notes.splice(notes.findIndex((item) => url.pathname.endsWith(`/${item.id}`)), 1);
      return new Response(null, { status: 204 });
    }
    if (refuse && refuseWhen((body as { note: { body: string } }).note.body)) return jsonResponse({ error: { code: 'validation_failed', message: refuse.message, fields: refuse.fields ?? {} } }, { status: refuse.status });
    const created = note(projectId, 900 + notes.length, (body as { note: { body: string } }).note.body);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    notes.push(created);
    return jsonResponse(created, { status: 201 });
  });
  return { calls, notes };
}

function renderNotes(projectId: number) {
  saveSession('jwt', user);
  return renderRoutes([{ path: '/', element: <NotesTab projectId={projectId} /> }]);
}

/** The admin area's shape of the project API (features/admin has the real one; features do not import each other). */
const adminApi: ProjectApi = {
  ...memberProjectApi,
  basePath: '/admin/projects',
  updateMethod: 'PUT',
  keys: { ...memberProjectApi.keys, project: (projectId: number) => ['admin', 'projects', 'detail', projectId] as const, storage: null },
};

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

afterEach(() => vi.restoreAllMocks());

describe('Notes tab', () => {
  it('shows the empty state, then the notes oldest first with author and time', async () => {
    stubNotesApi(101);
    renderNotes(101);
    expect(await screen.findByText(/No notes yet/)).toBeInTheDocument();

    stubNotesApi(102, { initial: [note(102, 1, 'Meter is in the garage.'), note(102, 2, 'Roof faces south-west.', 7)] });
    renderNotes(102);
    const list = await screen.findByRole('list', { name: 'Notes' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Meter is in the garage.', 'Roof faces south-west.']);
    expect(items[0]).toHaveTextContent('Nora Field');
    // Only the author (or an administrator) may delete a note.
    expect(within(items[0]!).getByRole('button', { name: /Delete the note/ })).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /Delete the note/ })).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the notes cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }));
    renderNotes(103);
    expect(await screen.findByText('We could not load the notes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('keeps a note written offline on the device, "Waiting to upload", and sends it once when back online', async () => {
    const { calls } = stubNotesApi(104);
    const offline = goOffline();
    renderNotes(104);
    await screen.findByText(/No notes yet/);
    await userEvent.type(screen.getByLabelText('New note'), 'Panel is behind the boiler.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Waiting to upload')).toBeInTheDocument();
    expect(screen.getByText('Panel is behind the boiler.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    offline.mockReturnValue(true);
    await syncQueue();
    await syncQueue();
    await waitFor(() => expect(screen.queryByText('Waiting to upload')).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ note: { body: 'Panel is behind the boiler.' } });
  });

  it("shows the server's message on a refused note, lets the partner edit and retry, or remove it after confirming", async () => {
    stubNotesApi(105, { refuse: { status: 422, message: 'A note can be at most 4,000 characters.', fields: { body: 'A note can be at most 4,000 characters.' } } });
    const offline = goOffline();
    renderNotes(105);
    await screen.findByText(/No notes yet/);
    await userEvent.type(screen.getByLabelText('New note'), 'Too long, says the server');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Waiting to upload');
    offline.mockReturnValue(true);
    await syncQueue();
    await refreshQueue();
    expect(await screen.findByText('Could not upload: A note can be at most 4,000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Edit the note, then retry')).toHaveValue('Too long, says the server');
    expect(screen.getByRole('button', { name: 'Retry: this note' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove this note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the upload queue?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText(/Could not upload/)).not.toBeInTheDocument());
    expect(screen.getByText(/No notes yet/)).toBeInTheDocument();
  });

  it('Retry after editing a refused note sends the edited text once, under the same Idempotency-Key, and the note joins the list', async () => {
    const refusal = 'Say where the meter is.';
    const { calls } = stubNotesApi(107, { refuse: { status: 422, message: refusal, fields: { body: refusal } }, refuseWhen: (text) => !text.includes('meter') });
    const offline = goOffline();
    renderNotes(107);
    await screen.findByText(/No notes yet/);
    await userEvent.type(screen.getByLabelText('New note'), 'Back wall');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Waiting to upload');
    offline.mockReturnValue(true);
    await syncQueue();
    await refreshQueue();
    expect(await screen.findByText(`Could not upload: ${refusal}`)).toBeInTheDocument();

    const edit = screen.getByLabelText('Edit the note, then retry');
    await userEvent.clear(edit);
    await userEvent.type(edit, 'Back wall, meter left of the door');
    await userEvent.click(screen.getByRole('button', { name: 'Retry: this note' }));
    // The list is looked up on every try: between the upload and the notes' refetch it can
    // unmount (nothing waiting, nothing fetched yet) and come back as a new element.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notes' })).getByText('Back wall, meter left of the door')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(/Could not upload|Waiting to upload|Uploading/)).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => (call.body as { note: { body: string } }).note.body)).toEqual(['Back wall', 'Back wall, meter left of the door']);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(posts[0]!.headers.get('Idempotency-Key'));
  });

  it('in the admin area, adds a note straight through the admin API and may delete any note after confirming', async () => {
    const notes = [note(106, 1, 'Partner note', 7)];
    const calls = stubFetch(({ url, method, body }: FetchCall) => {
      if (url.pathname === '/api/admin/projects/106/notes' && method === 'GET') return jsonResponse(notes);
      if (url.pathname === '/api/admin/projects/106/notes' && method === 'POST') {
        const created = { ...note(106, 2, (body as { note: { body: string } }).note.body), author_name: 'Avery Admin' };
        notes.push(created);
        return jsonResponse(created, { status: 201 });
      }
      if (url.pathname === '/api/admin/projects/106/notes/1' && method === 'DELETE') {
        notes.splice(0, 1);
        return new Response(null, { status: 204 });
      }
      return jsonResponse([]);
    });
    saveSession('jwt', buildUser({ id: 1, account_type: 'admin', company_role: 'full_access_admin' }));
    renderRoutes([{ path: '/', element: <ProjectApiProvider api={adminApi}><NotesTab projectId={106} /></ProjectApiProvider> }]);
    await screen.findByText('Partner note');
    await userEvent.type(screen.getByLabelText('New note'), 'Checked by the office.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Checked by the office.')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to upload')).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: /Delete the note/ })[0]!);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete note?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Partner note')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/admin/projects/106/notes', 'DELETE /api/admin/projects/106/notes/1']);
  });
});
