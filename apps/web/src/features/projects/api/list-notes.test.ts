import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectNote } from '@sunin/contract';
import { jsonResponse, stubFetch } from '../../../lib/test-utils';
import { listNotes, NOTES_PAGE_SIZE } from './list-notes';

const note = (id: number): ProjectNote => ({ id, project_id: 5, body: `Note ${id}`, author_id: 1, author_name: 'Nora Field', created_at: '2026-12-06T13:03:00.000Z' });

afterEach(() => vi.restoreAllMocks());

describe('listNotes', () => {
  it('follows the pages to X-Total-Count, so a project with more notes than a page shows them all, oldest first', async () => {
    const all = Array.from({ length: NOTES_PAGE_SIZE + 23 }, (_, index) => note(index + 1));
    const calls = stubFetch(({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('per_page'));
      return jsonResponse(all.slice((page - 1) * perPage, page * perPage), { headers: { 'X-Total-Count': String(all.length) } });
    });
    const notes = await listNotes(5);
    expect(notes.map((item) => item.id)).toEqual(all.map((item) => item.id));
    expect(calls.map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('stops at an empty page even if the total says more', async () => {
    stubFetch(({ url }) => jsonResponse(url.searchParams.get('page') === '1' ? [note(1)] : [], { headers: { 'X-Total-Count': '50' } }));
    expect(await listNotes(5)).toHaveLength(1);
  });
});
