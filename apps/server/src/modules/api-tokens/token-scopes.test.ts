import type { AddressInfo } from 'node:net';
import type { ApiTokenCreated, ApiTokenScope } from '@sunin/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, users } from '../../db/schema/index.js';
import { rawCable } from '../../test/cable-client.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * What a token may reach (issue 40 item 1): the routes that declare its scope, the member's
 * projects by method, the admin API only for an administrator still in standing; never the
 * websocket, re-authentication, or the download cookie. Its successful writes are audited.
 */
let t: TestApp;
let member: SignedIn;
let admin: SignedIn;
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signIn({ first_name: 'Tess' });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  const project = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Scoped Co' } } });
  expect(project.statusCode, project.body).toBe(201);
  const body = project.json() as { id?: number; projectId?: number };
  projectId = (body.id ?? body.projectId)!;
});
afterAll(async () => t?.close());

async function tokenOf(who: SignedIn, scopes: ApiTokenScope[]): Promise<{ authorization: string; id: number; token: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: who.auth, payload: { api_token: { name: scopes.join(' '), scopes, expires_in_days: 30 } } });
  expect(res.statusCode, res.body).toBe(201);
  const { token, api_token } = res.json() as ApiTokenCreated;
  return { authorization: `Bearer ${token}`, id: api_token.id, token };
}
/** Sends the request with the caller's Authorization header or cookie (a token's other fields stay out of the headers). */
const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, { authorization, cookie }: { authorization?: string; cookie?: string }, payload?: object) =>
  t.app.inject({ method, url, headers: { ...(authorization ? { authorization } : {}), ...(cookie ? { cookie } : {}) }, ...(payload ? { payload } : {}) });
const expectScopeRefusal = (res: Awaited<ReturnType<typeof call>>, scope?: ApiTokenScope) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.code).toBe('insufficient_scope');
  if (scope) expect(res.json().error.message).toBe(`This request needs an API token with the ${scope} scope.`);
};

describe('project scopes', () => {
  it('reads projects with projects:read and refuses a write without projects:write', async () => {
    const read = await tokenOf(member, ['projects:read']);
    const list = await call('GET', '/api/projects', read);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain('Scoped Co');
    expect((await t.app.inject({ method: 'HEAD', url: '/api/projects', headers: { authorization: read.authorization } })).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${projectId}/contacts`, read)).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${projectId}/proposal_tickets`, read)).statusCode).toBe(200);
    expectScopeRefusal(await call('PATCH', `/api/projects/${projectId}`, read, { project: { company_name: 'Changed' } }), 'projects:write');
    expectScopeRefusal(await call('POST', '/api/projects', read, { project: { company_name: 'New' } }), 'projects:write');
    // A write token does not read: each scope is its own.
    const write = await tokenOf(member, ['projects:write']);
    expectScopeRefusal(await call('GET', `/api/projects/${projectId}`, write), 'projects:read');
    expect((await call('GET', `/api/projects/${projectId}`, member.auth)).json()).toMatchObject({ company_name: 'Scoped Co' });
  });

  it('writes with projects:write, and records each successful write as the token (route pattern, no query string)', async () => {
    const write = await tokenOf(member, ['projects:write']);
    const patched = await call('PATCH', `/api/projects/${projectId}?note=secret-query`, write, { project: { city: 'Tucson' } });
    expect(patched.statusCode, patched.body).toBe(200);
    const contact = await call('POST', `/api/projects/${projectId}/contacts`, write, { contact: { contact_first_name: 'Kim' } });
    expect(contact.statusCode, contact.body).toBe(201);
    // Neither a refused write nor a failed one is a request the token made.
    expectScopeRefusal(await call('POST', '/api/user/profile/edit', write, { user: { first_name: 'X' } }));
    expect((await call('PATCH', `/api/projects/${projectId + 1000}`, write, { project: { city: 'Nowhere' } })).statusCode).toBe(404);
    // The entries are written after the answers: once their hooks have run (a turn of the loop), and finished.
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.ctx.background.drain();
    const entries = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'api_token'), eq(auditEntries.entity_id, write.id), eq(auditEntries.action, 'request'))).orderBy(asc(auditEntries.id));
    const params = { before: null, after: { id: projectId } };
    expect(entries.map((entry) => [entry.actor_id, entry.changes])).toEqual([
      [member.user.id, { method: { before: null, after: 'PATCH' }, route: { before: null, after: '/api/projects/:id' }, params, status: { before: null, after: 200 } }],
      [member.user.id, { method: { before: null, after: 'POST' }, route: { before: null, after: '/api/projects/:id/contacts' }, params, status: { before: null, after: 201 } }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-query');
    // The admin audit list reads the new entity type.
    const audit = await call('GET', `/api/admin/audit?entity_type=api_token&entity_id=${write.id}`, admin.auth);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'request', entity_type: 'api_token', actor_name: expect.stringContaining('Tess') })]));
  });
});

describe('other scopes', () => {
  it('reads earnings with earnings:read only, and answers who am I to any token', async () => {
    const earnings = await tokenOf(member, ['earnings:read']);
    expect((await call('GET', '/api/user/earnings', earnings)).statusCode).toBe(200);
    const projects = await tokenOf(member, ['projects:read']);
    expectScopeRefusal(await call('GET', '/api/user/earnings', projects), 'earnings:read');
    for (const token of [earnings, projects]) expect((await call('GET', '/api/user/profile', token)).json()).toMatchObject({ id: member.user.id });
  });

  it('refuses a token with every scope on a route that declares none', async () => {
    const all = await tokenOf(admin, ['projects:read', 'projects:write', 'earnings:read', 'admin']);
    for (const [method, url] of [
      ['GET', '/api/notifications/unread_summary'],
      ['GET', '/api/user/sessions'],
      ['GET', '/api/user/tax_form'],
      ['DELETE', '/api/logout'],
    ] as const) {
      const res = await call(method, url, all);
      expectScopeRefusal(res);
      expect(res.json().error.message).toBe('An API token cannot be used for this request; sign in to the portal to do it.');
    }
  });
});

describe('the admin scope', () => {
  it("reaches /api/admin only with the admin scope, and only while the token's user is a full access administrator", async () => {
    const adminToken = await tokenOf(admin, ['admin']);
    const readOnly = await tokenOf(admin, ['projects:read']);
    expect((await call('GET', '/api/admin/users', adminToken)).statusCode).toBe(200);
    expectScopeRefusal(await call('GET', '/api/admin/users', readOnly), 'admin');
    // A member's token never gets there, whatever it holds.
    expectScopeRefusal(await call('GET', '/api/admin/users', await tokenOf(member, ['projects:read', 'projects:write', 'earnings:read'])), 'admin');

    const demoted = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const demotedToken = await tokenOf(demoted, ['admin']);
    expect((await call('GET', '/api/admin/users', demotedToken)).statusCode).toBe(200);
    await t.db.update(users).set({ company_role: 'project_engineer' }).where(eq(users.id, demoted.user.id));
    const after = await call('GET', '/api/admin/users', demotedToken);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ error: { code: 'forbidden', message: 'You are not allowed to do that.' } });
  });

  it('makes every admin read and the operational writes, and refuses the writes on money and accounts', async () => {
    const adminToken = await tokenOf(admin, ['admin']);
    // Operational: a project's edit (its stage too) and a stage change in bulk.
    const edit = await call('PUT', `/api/admin/projects/${projectId}`, adminToken, { project: { city: 'Phoenix' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const bulk = await call('POST', '/api/admin/projects/stage_changes', adminToken, { project_ids: [projectId], project_stage: 'Project Initiation' });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await call('GET', '/api/admin/payouts', adminToken)).statusCode).toBe(200);
    // Money, pay settings and account security need a person signed in, whatever the body.
    for (const [method, url] of [
      ['POST', '/api/admin/payouts'],
      ['POST', '/api/admin/payout_runs'],
      ['POST', '/api/admin/earnings/adjustments'],
      ['POST', '/api/admin/earnings/clawbacks'],
      ['POST', '/api/admin/earnings/1/approve'],
      ['POST', `/api/admin/projects/${projectId}/deal/cancel`],
      ['PUT', '/api/admin/payout-settings'],
      ['PUT', `/api/admin/projects/${projectId}/deal`],
      ['DELETE', `/api/admin/projects/${projectId}`],
      ['DELETE', `/api/admin/users/${member.user.id}/sessions`],
    ] as const) {
      const res = await call(method, url, adminToken, method === 'DELETE' ? undefined : {});
      expectScopeRefusal(res);
      expect(res.json().error.message, `${method} ${url}`).toBe('An API token cannot be used for this request; sign in to the portal to do it.');
    }
    expect((await call('GET', `/api/user/sessions`, member.auth)).statusCode).toBe(200);
  });

  it("records each admin read made with a token, with the route's parameters", async () => {
    const adminToken = await tokenOf(admin, ['admin']);
    expect((await call('GET', `/api/admin/projects/${projectId}`, adminToken)).statusCode).toBe(200);
    // A project read with projects:read is the member's own data: not recorded.
    expect((await call('GET', `/api/projects/${projectId}`, await tokenOf(admin, ['projects:read']))).statusCode).toBe(404);
    await new Promise((resolve) => setImmediate(resolve));
    await t.app.ctx.background.drain();
    const entries = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'api_token'), eq(auditEntries.entity_id, adminToken.id), eq(auditEntries.action, 'request')));
    expect(entries.map((entry) => entry.changes)).toEqual([
      { method: { before: null, after: 'GET' }, route: { before: null, after: '/api/admin/projects/:id' }, params: { before: null, after: { id: projectId } }, status: { before: null, after: 200 } },
    ]);
  });

  it("refuses the admin's re-authentication routes to an admin token, password or not", async () => {
    const adminToken = await tokenOf(admin, ['admin']);
    const target = await t.signIn({ first_name: 'Target' });
    const password = admin.user.password;
    const newUser = (name: string) => ({ email: `${name}@example.com`, user_name: name, first_name: 'New', last_name: 'User', password: 'Sturdy-Gazelle-Orbit-77' });
    const requests = [
      ['POST', '/api/admin/users', { user: { ...newUser('neweng'), account_type: 'administrative_partner', company_role: 'project_engineer' } }],
      ['POST', '/api/admin/users', { user: { ...newUser('newadmin'), account_type: 'admin', company_role: 'full_access_admin' }, current_password: password }],
      ['PUT', `/api/admin/users/${target.user.id}`, { user: { first_name: 'Renamed' } }],
      ['PUT', `/api/admin/users/${target.user.id}`, { user: { company_role: 'full_access_admin' }, current_password: password }],
      ['DELETE', `/api/admin/users/${target.user.id}`, { current_password: password }],
      ['DELETE', `/api/admin/users/${target.user.id}/mfa`, { current_password: password }],
    ] as const;
    for (const [method, url, payload] of requests) expectScopeRefusal(await call(method, url, adminToken, payload));
    expect((await call('GET', `/api/admin/users/${target.user.id}`, admin.auth)).json()).toMatchObject({ first_name: 'Target', company_role: null });
    expect((await call('GET', '/api/admin/users?q=neweng', admin.auth)).json()).toEqual([]);
  });

  it("refuses a member's re-authentication routes to a token", async () => {
    const token = await tokenOf(member, ['projects:read', 'projects:write', 'earnings:read']);
    const password = member.user.password;
    for (const [method, url, payload] of [
      ['POST', '/api/password/edit', { data: { current_password: password, password: 'Another-Pass-123!', password_confirmation: 'Another-Pass-123!' } }],
      ['POST', '/api/user/mfa', { current_password: password }],
      ['DELETE', '/api/user/sessions', { current_password: password }],
      ['POST', '/api/user/profile/edit', { user: { email: `moved-${Date.now()}@example.com`, current_password: password } }],
    ] as const) {
      expectScopeRefusal(await call(method, url, token, payload));
    }
  });
});

describe('where a token is never accepted', () => {
  it('is not read from the download cookie, only from the Authorization header', async () => {
    const earnings = await tokenOf(member, ['earnings:read']);
    const month = new Date().toISOString().slice(0, 7);
    const url = `/api/user/earnings/statement.pdf?month=${month}`;
    // Encoded whitespace before or after the token does not sneak it in.
    for (const value of [earnings.token, `%20${earnings.token}`, `%09${earnings.token}`, `${earnings.token}%20`]) {
      const cookie = await call('GET', url, { cookie: `authorization=${value}` });
      expect(cookie.statusCode, value).toBe(401);
    }
    expect((await call('GET', url, { cookie: `authorization=${member.token}` })).statusCode).toBe(200);
    expect((await call('GET', url, earnings)).statusCode).toBe(200);
  });

  it('is refused by the websocket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/cable`;
    const { token } = await tokenOf(admin, ['projects:read', 'projects:write', 'earnings:read', 'admin']);
    for (const value of [token, `%20${token}`]) {
      const cable = rawCable(`${base}?token=${value}`);
      await cable.closed;
      expect(cable.frames, value).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
    }
  });
});
