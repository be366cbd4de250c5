import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_ROLE, NOTE_MAX_LENGTH, SITE_VISIT_MESSAGES, type ProjectNote } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { failureMessage } from '../../../lib/failure-message';
import { formatShortDateTime } from '../../../lib/format-date-time';
import type { NoteItem } from '../../../lib/offline-queue/queue-db';
import { QueueStorageFullError, QueueUnavailableError } from '../../../lib/offline-queue/queue-errors';
import { enqueue, useQueuedItems } from '../../../lib/offline-queue/site-visit-queue';
import { getSessionUserId, readSession } from '../../../lib/session';
import { useCreateNote } from '../api/create-note';
import { useDeleteNote } from '../api/delete-note';
import { useNotes } from '../api/list-notes';
import { useProjectApi } from '../api/project-api';
import { QueuedItemStatus } from './queued-item-status';

const NOTE_FAILED = 'Failed to add the note.';

function QueuedNote({ item }: { item: NoteItem }) {
  const [body, setBody] = useState(item.body);
  const failed = item.state === 'failed';
  return (
    <li className="rounded-xl border border-dashed border-ink-300 bg-ink-50 p-3">
      {failed ? (
        <TextAreaField label="Edit the note, then retry" value={body} onChange={(event) => setBody(event.target.value)} maxLength={NOTE_MAX_LENGTH} error={item.error?.fields.body} />
      ) : (
        <p className="text-sm whitespace-pre-wrap text-ink-900">{item.body}</p>
      )}
      <div className="mt-2">
        <QueuedItemStatus item={item} label="this note" retryChanges={{ body }} />
      </div>
    </li>
  );
}

function NoteRow({ note, canDelete, onDelete }: { note: ProjectNote; canDelete: boolean; onDelete: (note: ProjectNote) => void }) {
  return (
    <li className="rounded-xl border border-ink-200 bg-white p-3">
      <p className="text-sm whitespace-pre-wrap break-words text-ink-900">{note.body}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-ink-600">
          {note.author_name ?? 'A former user'} · {formatShortDateTime(note.created_at)}
        </p>
        {canDelete && (
          <button type="button" onClick={() => onDelete(note)} className="rounded-md px-2 py-1 text-xs font-semibold text-danger-700 hover:bg-danger-50" aria-label={`Delete the note of ${formatShortDateTime(note.created_at)}`}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The Notes tab (issue 41 item 2): the project's notes, oldest first, and a form to add one. A
 * member's note goes through the site visit queue, so it can be written offline: it shows at
 * the end of the list as "Waiting to upload" until the server has it. The admin area posts
 * directly. A note is deleted by its author or an administrator, after confirming.
 */
export function NotesTab({ projectId }: { projectId: number }) {
  const api = useProjectApi();
  const queued = api.basePath === '/projects';
  const notes = useNotes(projectId);
  const createNote = useCreateNote(projectId);
  const deleteNote = useDeleteNote(projectId);
  const waiting = useQueuedItems(projectId).filter((item): item is NoteItem => item.type === 'note');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<ProjectNote | null>(null);
  const userId = getSessionUserId();
  const admin = !queued || readSession().companyRole === ADMIN_ROLE;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (!text) return setError(SITE_VISIT_MESSAGES.noteBody);
    if (text.length > NOTE_MAX_LENGTH) return setError(SITE_VISIT_MESSAGES.noteTooLong);
    setError(undefined);
    setSaving(true);
    try {
      if (queued) await enqueue({ type: 'note', projectId, body: text });
      else await createNote.mutateAsync(text);
      setBody('');
    } catch (failure) {
      toast.error(failure instanceof QueueStorageFullError || failure instanceof QueueUnavailableError ? failure.message : failureMessage(NOTE_FAILED, failure));
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteNote.mutateAsync(deleting.id);
    } catch (failure) {
      toast.error(failureMessage('Failed to delete the note.', failure));
    } finally {
      setDeleting(null);
    }
  };

  const list = notes.data ?? [];
  return (
    <section aria-labelledby="notes-title" className="space-y-4">
      <h2 id="notes-title" className="text-lg font-semibold text-ink-900">
        Notes
      </h2>
      {notes.isPending ? (
        <div className="flex justify-center p-4 text-brand-700">
          <Spinner className="size-6" label="Loading notes…" />
        </div>
      ) : notes.isError ? (
        <Alert tone="error">
          <p>We could not load the notes.</p>
          <Button variant="secondary" className="mt-3" onClick={() => void notes.refetch()} pending={notes.isFetching}>
            Retry
          </Button>
        </Alert>
      ) : list.length === 0 && waiting.length === 0 ? (
        <p className="py-2 text-sm font-medium text-ink-700">No notes yet. Add what you see at the site: where the meter is, the roof, access.</p>
      ) : null}
      {(list.length > 0 || waiting.length > 0) && (
        <ul className="space-y-2" aria-label="Notes">
          {list.map((note) => (
            <NoteRow key={note.id} note={note} canDelete={admin || String(note.author_id) === userId} onDelete={setDeleting} />
          ))}
          {waiting.map((item) => (
            <QueuedNote key={item.id} item={item} />
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
        <TextAreaField label="New note" rows={4} value={body} onChange={(event) => setBody(event.target.value)} error={error} maxLength={NOTE_MAX_LENGTH} />
        <div className="flex justify-end">
          <Button type="submit" pending={saving}>
            Add note
          </Button>
        </div>
      </form>
      <ConfirmDialog open={deleting !== null} title="Delete note?" confirmLabel="Delete" pending={deleteNote.isPending} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)}>
        <p>This note will be deleted from the project. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
