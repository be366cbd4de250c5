import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '@sunin/contract';
import { addItem, listItems, openQueueDb, setItemState, type NewQueueItem } from '../../../lib/offline-queue/queue-db';
import { refreshQueue } from '../../../lib/offline-queue/site-visit-queue';
import { readDraft } from '../../../lib/form-drafts';
import { saveSession } from '../../../lib/session';
import { buildProject, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { projectDraftKey } from './project-drafts';
import { UtilityInfoForm } from './utility-info-form';

/**
 * The Utility Info form and the site visit queue (issue 41): values waiting on the device are
 * what the form shows; an online save goes behind the project's waiting items rather than past
 * them; values the server refused come back into the form as a draft with its messages. Each
 * test uses its own project: the queue (fake-indexeddb) outlives a test.
 */
const user = buildUser({ id: 61 });

async function queue(item: NewQueueItem) {
  saveSession('jwt', user);
  const db = await openQueueDb();
  const stored = await addItem(db, String(user.id), item);
  db.close();
  return stored;
}

async function queued(projectId: number) {
  const db = await openQueueDb();
  const items = (await listItems(db, String(user.id))).filter((item) => item.projectId === projectId);
  db.close();
  return items;
}

function renderForm(projectId: number, { notesAnswer = () => jsonResponse({}, { status: 201 }) }: { notesAnswer?: () => Response } = {}) {
  saveSession('jwt', user);
  const project = buildProject({ id: projectId, utility_company: 'Saved Power', power_bill_received_status: 'No' });
  const calls = stubFetch(({ url, method, body }) => {
    if (url.pathname === `/api/projects/${projectId}/notes`) return notesAnswer();
    if (method === 'PATCH') return jsonResponse({ ...project, ...(body as { project: Partial<Project> }).project });
    return jsonResponse(project);
  });
  renderRoutes([{ path: '/', element: <UtilityInfoForm project={project} /> }]);
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('Utility Info and the site visit queue', { timeout: 30_000 }, () => {
  it('shows the values waiting on the device rather than the saved ones', async () => {
    await queue({ type: 'utility', projectId: 7101, project: { utility_company: 'Queued Power', power_bill_received_status: 'No' } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderForm(7101);
    await refreshQueue();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Utility Company' })).toHaveValue('Queued Power'));
  });

  it('sends an online save through the queue, behind the waiting items of the project, never past them', async () => {
    await queue({ type: 'note', projectId: 7102, body: 'Meter in the garage.' });
    await refreshQueue();
    // The server is busy: the note keeps waiting, and so must the save made after it.
    const calls = renderForm(7102, { notesAnswer: () => jsonResponse({ error: { code: 'unavailable', message: 'Busy.' } }, { status: 503 }) });
    const company = await screen.findByRole('textbox', { name: 'Utility Company' });
    await userEvent.clear(company);
    await userEvent.type(company, 'Newer Power');
    await userEvent.click(screen.getByRole('button', { name: 'Save Utility Information' }));
    await waitFor(async () => expect((await queued(7102)).map((item) => item.type)).toEqual(['note', 'utility']));
    const [, utility] = await queued(7102);
    expect(utility).toMatchObject({ project: { utility_company: 'Newer Power' } });
    expect(calls.filter((call) => call.method === 'PATCH' && call.url.pathname === '/api/projects/7102')).toEqual([]);
  });

  it('puts refused values back into the form as a draft with the server’s messages, and takes them off the queue', async () => {
    const item = await queue({ type: 'utility', projectId: 7103, project: { utility_company: 'Refused Power', power_bill_received_status: 'No' } });
    const db = await openQueueDb();
    await setItemState(db, item.id, 'failed', { message: 'Check the highlighted fields.', fields: { utility_company: 'Utility Company is too long.' } });
    db.close();
    await refreshQueue();
    renderForm(7103);
    expect(await screen.findByText('Utility Company is too long.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Utility Company' })).toHaveValue('Refused Power');
    expect(screen.getByText(/could not be uploaded: Check the highlighted fields\. Your values are back in the form/)).toBeInTheDocument();
    await waitFor(async () => expect(await queued(7103)).toEqual([]));
    expect(readDraft(projectDraftKey(7103, 'utility-info'))).toMatchObject({ utility_company: 'Refused Power' });
    // The form counts as changed: Discard changes returns to the saved values.
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('textbox', { name: 'Utility Company' })).toHaveValue('Saved Power');
  });
});
