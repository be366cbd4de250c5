import { randomBytes } from 'node:crypto';
import { SHARE_MAX_ACTIVE_PER_PROJECT, SHARE_MESSAGES, shareCreatedSchema, shareSchema } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, projectShares } from '../../db/schema/index.js';
import { shareHelpers } from '../../test/shares.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { hashShareToken } from './share-access.js';

let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof shareHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  h = shareHelpers(t, admin);
});
afterAll(async () => t?.close());

describe('POST /api/projects/{id}/shares', () => {
  it('creates a link shown once: APP_URL/p/{43-character token}, only its hash stored, 30 days by default', async () => {
    const { auth, projectId, user } = await h.memberWithProject();
    const before = Date.now();
    const res = await h.createLink(auth, projectId);
    expect(res.statusCode).toBe(201);
    const body = shareCreatedSchema.parse(res.json());
    expect(body.url).toMatch(/^http:\/\/portal\.test\/p\/[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({ project_id: projectId, recipient_name: 'Casey Customer', recipient_email: 'casey@acme.example', status: 'active', view_count: 0, signed_at: null, emailed_at: null, change_requests: 0, created_by_name: 'Pat Partner' });
    const days = (Date.parse(body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const token = body.url.split('/p/')[1]!;
    const [row] = await t.db.select().from(projectShares).where(eq(projectShares.id, body.id));
    expect(row!.token_hash).toBe(hashShareToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The list never shows the link again.
    const list = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth });
    expect(list.body).not.toContain(token);
    expect(list.json()[0]).not.toHaveProperty('url');
    // Audited without the token or its hash.
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'project'), eq(auditEntries.entity_id, projectId), eq(auditEntries.action, 'share_created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(user.id);
    expect(JSON.stringify(audit[0])).not.toContain(token);
    expect(JSON.stringify(audit[0])).not.toContain(row!.token_hash);
  });

  it('takes expires_in_days from 1 to 90 and refuses others and unknown keys (422/400)', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const ninety = await h.createLink(auth, projectId, { expires_in_days: 90 });
    expect(ninety.statusCode).toBe(201);
    expect((Date.parse(ninety.json().expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(89.9);
    for (const days of [0, 91, 1.5, 'x']) expect((await h.createLink(auth, projectId, { expires_in_days: days })).statusCode, String(days)).toBe(422);
    expect((await h.createLink(auth, projectId, { recipient_email: 'not-an-email' })).statusCode).toBe(422);
    expect((await h.createLink(auth, projectId, { recipient_name: '' })).statusCode).toBe(422);
    expect([400, 422]).toContain((await h.createLink(auth, projectId, { token: 'mine' })).statusCode);
  });

  it('emails the link from the partner when asked, with the expiry and the partner contact, and sets emailed_at', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const res = await h.createLink(auth, projectId, { send_email: true, recipient_email: 'owner@emailed.example', expires_in_days: 10 });
    expect(res.statusCode).toBe(201);
    expect(res.json().emailed_at).not.toBeNull();
    await t.app.ctx.background.drain();
    const mail = (await t.app.ctx.mailer.list()).find((message) => message.to === 'owner@emailed.example');
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Pat Partner of Sunny Partners LLC sent you a solar proposal for Acme Foods');
    expect(mail!.text).toContain(res.json().url);
    expect(mail!.text).toContain('512-555-0100');
    const expiry = new Date(res.json().expires_at).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
    expect(mail!.text).toContain(expiry);
  });

  it(`allows at most ${SHARE_MAX_ACTIVE_PER_PROJECT} live links; revoked and expired ones do not count`, async () => {
    const { auth, projectId } = await h.memberWithProject();
    const ids: number[] = [];
    for (let index = 0; index < SHARE_MAX_ACTIVE_PER_PROJECT; index++) ids.push((await h.link(auth, projectId)).id);
    const refused = await h.createLink(auth, projectId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: 'rule_broken', message: SHARE_MESSAGES.tooManyActive });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/${ids[0]}`, headers: auth })).statusCode).toBe(204);
    expect((await h.createLink(auth, projectId)).statusCode).toBe(201);
    await h.expire(ids[1]!);
    expect((await h.createLink(auth, projectId)).statusCode).toBe(201);
    expect((await h.createLink(auth, projectId)).statusCode).toBe(422);
  });

  it('answers 404 for another member\'s project and 402 for a sales partner without a subscription', async () => {
    const owner = await h.memberWithProject();
    const other = await t.signIn();
    expect((await h.createLink(other.auth, owner.projectId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${owner.projectId}/shares`, headers: other.auth })).statusCode).toBe(404);
    const ownerShare = await h.link(owner.auth, owner.projectId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${owner.projectId}/shares/${ownerShare.id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${owner.projectId}/shares` })).statusCode).toBe(401);

    const unpaid = await t.signIn({ account_type: 'sales_partner' });
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { company_name: 'Unpaid Co', user_id: unpaid.user.id } } });
    expect(made.statusCode).toBe(201);
    const refused = await h.createLink(unpaid.auth, made.json().id);
    expect(refused.statusCode).toBe(402);
    // Reading the project's links is not a write.
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${made.json().id}/shares`, headers: unpaid.auth })).statusCode).toBe(200);
  });
});

describe('GET and DELETE /api/projects/{id}/shares', () => {
  it('lists newest first with the status; revoking twice is 204, another project\'s share id 404', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const first = await h.link(auth, projectId, { recipient_name: 'First' });
    const second = await h.link(auth, projectId, { recipient_name: 'Second' });
    const list = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth });
    expect(list.statusCode).toBe(200);
    const shares = list.json().map((share: unknown) => shareSchema.parse(share));
    expect(shares.map((share: { id: number }) => share.id)).toEqual([second.id, first.id]);

    const revoke = () => t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/${first.id}`, headers: auth });
    expect((await revoke()).statusCode).toBe(204);
    expect((await revoke()).statusCode).toBe(204);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, projectId), eq(auditEntries.action, 'share_revoked')));
    expect(audit).toHaveLength(1);
    await h.expire(second.id);
    const after = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth })).json();
    expect(after.map((share: { status: string }) => share.status)).toEqual(['expired', 'revoked']);
    // A revoked link that is also expired still says revoked (revoked > signed > expired).
    await h.expire(first.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth })).json()[1].status).toBe('revoked');

    const elsewhere = await h.memberWithProject();
    const foreign = await h.link(elsewhere.auth, elsewhere.projectId);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/${foreign.id}`, headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/999999`, headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/abc`, headers: auth })).statusCode).toBe(422);
  });

  it('a signed link lists as signed, with its signed file', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const share = await h.link(auth, projectId);
    await t.db.update(projectShares).set({ signed_at: new Date() }).where(eq(projectShares.id, share.id));
    await h.expire(share.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth })).json()[0]).toMatchObject({ status: 'signed', signed_file_id: null });
  });
});

describe('/api/admin/projects/{id}/shares', () => {
  it('lets a full-access admin create, list and revoke links on any project, and refuses members (403)', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const created = await h.createLink(admin.auth, projectId, {}, '/api/admin/projects');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ created_by_name: 'Avery Admin', project_id: projectId });
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/projects/${projectId}/shares`, headers: admin.auth });
    expect(list.json().map((share: { id: number }) => share.id)).toEqual([created.json().id]);
    // The owner sees the admin's link too.
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth })).json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/projects/${projectId}/shares/${created.json().id}`, headers: admin.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/projects/${projectId}/shares`, headers: auth })).statusCode).toBe(403);
    expect((await h.createLink(auth, projectId, {}, '/api/admin/projects')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/projects/999999/shares`, headers: admin.auth })).statusCode).toBe(404);
  });

  it('a token nobody was given opens nothing (random 43 characters)', async () => {
    expect((await h.openPage(randomBytes(32).toString('base64url'))).statusCode).toBe(404);
  });
});
