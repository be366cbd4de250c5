import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, pngUpload } from '../../security/resources.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

type Entry = { action: string; entity_type: string; actor_name: string | null; changes: Record<string, { before: unknown; after: unknown }>; created_at: string };

/** A member's project with a story: every kind of event the timeline shows, by the member and an admin. */
async function projectWithStory() {
  const member = await t.signIn({ first_name: 'Pat', last_name: 'Partner' });
  const as = (who: SignedIn) => (method: string, url: string, payload?: unknown) => call(t, method, url, who.auth, payload);
  const byMember = as(member);
  const byAdmin = as(admin);
  const created = await byMember('POST', '/api/projects', { project: { company_name: 'Timeline Foods', city: 'Austin' } });
  const id = created.json().projectId as number;
  const base = `/api/projects/${id}`;
  expect((await byMember('PATCH', base, { project: { city: 'Dallas', utility_company: 'TXU' } })).statusCode).toBe(200);
  const contact = (await byMember('POST', `${base}/contacts`, { contact: { contact_first_name: 'Dana' } })).json();
  expect((await byMember('PATCH', `${base}/contacts/${contact.id}`, { contact: { contact_first_name: 'Dana', contact_title: 'Owner' } })).statusCode).toBe(200);
  await byMember('POST', `${base}/project_links`, { project_link: { link_type: 'Utility', link_title: 'Bills', link_url: 'https://utility.example' } });
  const photo = (await byMember('POST', `${base}/images`, pngUpload('roof'))).json();
  expect((await byMember('DELETE', `${base}/images/${photo.id}`, { source: 'active_storage' })).statusCode).toBe(204);
  const ticket = (await byMember('POST', `${base}/proposal_tickets`, { proposal_ticket: { details: 'Rooftop, please' } })).json();
  expect((await byAdmin('PUT', `/api/admin/proposal_tickets/${ticket.id}`, { proposal_ticket: { status: 2, engineer_name: 'Morgan Lee' } })).statusCode).toBe(200);
  expect((await byAdmin('PUT', `/api/admin/projects/${id}`, { project: { project_stage: 'Presentation Ready' } })).statusCode).toBe(200);
  expect((await byAdmin('PUT', `/api/admin/projects/${id}/deal`, { contract_value_usd: 100_000, net_profit_usd: 20_000 })).statusCode).toBe(200);
  return { member, id };
}

describe('GET /api/projects/{id}/activity (issue 18 item 2)', () => {
  it("tells the owner the project's story, newest first, with who and when, without the deal's figures", async () => {
    const { member, id } = await projectWithStory();
    const res = await call(t, 'GET', `/api/projects/${id}/activity?per_page=100`, member.auth);
    expect(res.statusCode).toBe(200);
    const entries = res.json() as Entry[];
    expect(entries.map((entry) => `${entry.entity_type}:${entry.action}:${entry.actor_name}`)).toEqual([
      'project:stage_changed:Avery Admin',
      'proposal_ticket:updated:Avery Admin',
      'proposal_ticket:requested:Pat Partner',
      'project:photo_deleted:Pat Partner',
      'project:photo_uploaded:Pat Partner',
      'project:link_created:Pat Partner',
      'project:contact_updated:Pat Partner',
      'project:contact_created:Pat Partner',
      'project:updated:Pat Partner',
      'project:created:Pat Partner',
    ]);
    expect(entries[0]?.changes.project_stage).toEqual({ before: 'Project Initiation', after: 'Presentation Ready' });
    expect(entries[1]?.changes.status).toEqual({ before: 1, after: 2 });
    expect(entries[2]?.changes.details).toEqual({ before: null, after: 'Rooftop, please' });
    expect(entries[8]?.changes).toMatchObject({ city: { before: 'Austin', after: 'Dallas' }, utility_company: { after: 'TXU' } });
    const times = entries.map((entry) => Date.parse(entry.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.headers['x-total-count']).toBe('10');
  });

  it('shows administrators everything, through either path, and pages', async () => {
    const { id } = await projectWithStory();
    for (const url of [`/api/admin/projects/${id}/activity`, `/api/projects/${id}/activity`]) {
      const res = await call(t, 'GET', `${url}?per_page=3`, admin.auth);
      expect(res.statusCode, url).toBe(200);
      expect((res.json() as Entry[]).map((entry) => entry.action)).toEqual(['deal_recorded', 'stage_changed', 'updated']);
      expect(res.headers['x-total-count']).toBe('11');
      const next = await call(t, 'GET', `${url}?per_page=3&page=4`, admin.auth);
      expect((next.json() as Entry[]).map((entry) => entry.action)).toEqual(['updated', 'created']);
    }
  });

  it("answers 404 for another member's project, 401 without a session and 422 for a bad page", async () => {
    const { id } = await projectWithStory();
    const stranger = await t.signIn();
    expect((await call(t, 'GET', `/api/projects/${id}/activity`, stranger.auth)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/admin/projects/${id}/activity`, stranger.auth)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/projects/${id}/activity`, {})).statusCode).toBe(401);
    const own = await t.signIn();
    const mine = (await call(t, 'POST', '/api/projects', own.auth, { project: { company_name: 'Mine' } })).json().projectId as number;
    for (const query of ['page=0', 'per_page=101', 'per_page=x']) expect((await call(t, 'GET', `/api/projects/${mine}/activity?${query}`, own.auth)).statusCode, query).toBe(422);
  });
});
