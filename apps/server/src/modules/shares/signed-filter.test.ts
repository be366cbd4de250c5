import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

describe('GET /api/admin/projects?signed=', () => {
  it('lists only signed or only unsigned projects, each answer carrying signed_at', async () => {
    const member = await t.signIn();
    const make = async (name: string) => (await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: name } } })).json().projectId as number;
    const signed = await make('Signed Filter Co');
    const unsigned = await make('Unsigned Filter Co');
    const at = new Date('2026-05-01T12:00:00Z');
    await t.db.update(projects).set({ signed_at: at }).where(eq(projects.id, signed));
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/projects?q=Filter%20Co${query}`, headers: admin.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Array<{ id: number; signed_at: string | null }>;
    };
    expect((await list('&signed=true')).map((project) => project.id)).toEqual([signed]);
    expect((await list('&signed=false')).map((project) => project.id)).toEqual([unsigned]);
    expect((await list('')).map((project) => project.id).sort()).toEqual([signed, unsigned].sort());
    expect((await list('&signed=true'))[0]!.signed_at).toBe(at.toISOString());
    // Without a search too (the totals then come from the filter, not project_counts).
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/projects?signed=true', headers: admin.auth });
    expect(all.json().map((project: { id: number }) => project.id)).toEqual([signed]);
    expect(all.headers['x-total-count']).toBe('1');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/projects?signed=yes', headers: admin.auth })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${signed}`, headers: member.auth })).json().signed_at).toBe(at.toISOString());
  });
});
