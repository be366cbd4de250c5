import { createHash } from 'node:crypto';
import { SHARE_MESSAGES, SIGNATURE_CODE_MAX_TRIES, SIGNATURE_CONSENT_TEXT } from '@sunin/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, mailMessages, mailOutbox, notifications, projects, projectShares, shareSignatureCodes, shareSignatures, shareViews } from '../../db/schema/index.js';
import { PDF_MINIMAL, PNG_1PX } from '../../test/fixtures.js';
import { mailedSigningCode } from '../../test/shares.js';
import { createTestApp, createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import type { BusMessage } from '../../lib/bus.js';
import { newShareToken } from './share-access.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

type Auth = { authorization: string };
const DAY = 86_400_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Each test speaks from its own address, so the per-address limits of one never reach another. */
let addresses = 0;
const nextAddress = () => `198.51.${100 + Math.floor(++addresses / 250)}.${addresses % 250}`;

async function memberWithProject(app: TestApp = t) {
  const member = await app.signIn({ first_name: 'Pat', last_name: 'Partner', company_name: 'Bright Sales LLC', phone_number: '555-0100' });
  const res = await app.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Acme Foods', address_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } } });
  expect(res.statusCode).toBe(201);
  return { ...member, projectId: res.json().projectId as number };
}

/** A proposal delivered by the engineering team: the ticket's status 3 (or 7) with its links. */
async function deliver(auth: Auth, projectId: number, app: TestApp = t, adminAuth: Auth = admin.auth): Promise<number> {
  const ticket = await app.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/proposal_tickets`,
    headers: auth,
    payload: { proposal_ticket: { project_id: projectId, title: 'Proposal Management Ticket', details: 'Please quote 200 kW', company_name: 'Acme Foods', company_address: '1 Main St', status: 1, notification_user_id: 1 } },
  });
  expect(ticket.statusCode).toBe(201);
  const id = ticket.json().id as number;
  const delivered = await app.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${id}`, headers: adminAuth, payload: { proposal_ticket: { status: 3, proposal_links: [{ title: 'Proposal v1', url: 'https://docs.example/p1' }] } } });
  expect(delivered.statusCode).toBe(200);
  return id;
}

/** A link as helper A's route makes it: a project_shares row holding the token's hash. */
async function shareOf(projectId: number, createdBy: number, overrides: Partial<typeof projectShares.$inferInsert> = {}, app: TestApp = t) {
  const { token, hash } = newShareToken();
  const [row] = await app.db.insert(projectShares).values({ project_id: projectId, created_by: createdBy, recipient_name: 'Dana Owner', recipient_email: 'dana@acme.example', token_hash: hash, expires_at: new Date(Date.now() + 30 * DAY), ...overrides }).returning();
  return { token, share: row! };
}

async function signableLink() {
  const member = await memberWithProject();
  await deliver(member.auth, member.projectId);
  return { member, ...(await shareOf(member.projectId, member.user.id)) };
}

const askCode = (token: string, email: string, address = nextAddress(), app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: `/api/public/shares/${token}/signature/code`, remoteAddress: address, payload: { signature: { email } } });

const sign = (token: string, signature: Record<string, unknown>, address = nextAddress(), app: TestApp = t) =>
  app.app.inject({ method: 'POST', url: `/api/public/shares/${token}/signature`, remoteAddress: address, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; test)' }, payload: { signature } });

const document = (token: string, address = nextAddress()) => t.app.inject({ method: 'GET', url: `/api/public/shares/${token}/signature/document`, remoteAddress: address });

const mailedCode = (email: string, app: TestApp = t) => mailedSigningCode(app, email);

const typed = (email: string, code: string, extra: Record<string, unknown> = {}) => ({ name: 'Dana Owner', title: 'CEO', email, code, consent: true, typed_signature: 'Dana Owner', ...extra });
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the signing code', () => {
  it('emails six digits to the signer, never in the subject, and stores only an HMAC with ten minutes', async () => {
    const { token, share } = await signableLink();
    const before = Date.now();
    const res = await askCode(token, 'Dana@Acme.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('dana@acme.example');
    const expiresAt = Date.parse(res.json().expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(expiresAt - before).toBeLessThanOrEqual(10 * 60_000 + 60_000);
    const code = await mailedCode('dana@acme.example');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'dana@acme.example')).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.subject).toBe('Your code to sign the proposal for Acme Foods');
    expect(mail?.subject).not.toContain(code);
    const [row] = await t.db.select().from(shareSignatureCodes).where(eq(shareSignatureCodes.share_id, share.id));
    expect(row).toMatchObject({ email: 'dana@acme.example', tries: 0, used_at: null });
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(code);
    expect(row?.code_hash).not.toBe(sha256(Buffer.from(code)));
  });

  it('a new code ends the earlier one: the old code no longer signs', async () => {
    const { token, share } = await signableLink();
    await askCode(token, 'dana@acme.example');
    const first = await mailedCode('dana@acme.example');
    await askCode(token, 'dana@acme.example');
    const second = await mailedCode('dana@acme.example');
    const rows = await t.db.select().from(shareSignatureCodes).where(eq(shareSignatureCodes.share_id, share.id)).orderBy(shareSignatureCodes.id);
    expect(rows.map((row) => row.used_at === null)).toEqual([false, true]);
    if (first !== second) expect((await sign(token, typed('dana@acme.example', first))).json().error.message).toBe(SHARE_MESSAGES.codeWrong);
    expect((await sign(token, typed('dana@acme.example', second))).statusCode).toBe(201);
  });

  it('answers 422 when the project has no delivered proposal yet', async () => {
    const member = await memberWithProject();
    const { token } = await shareOf(member.projectId, member.user.id);
    const res = await askCode(token, 'dana@acme.example');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'rule_broken', message: SHARE_MESSAGES.noProposal });
  });

  it('answers 410 for an expired or revoked link and 404 for a forged or malformed token', async () => {
    const member = await memberWithProject();
    await deliver(member.auth, member.projectId);
    const expired = await shareOf(member.projectId, member.user.id, { expires_at: new Date(Date.now() - 1000) });
    const revoked = await shareOf(member.projectId, member.user.id, { revoked_at: new Date() });
    for (const [token, message] of [[expired.token, SHARE_MESSAGES.expired], [revoked.token, SHARE_MESSAGES.revoked]] as const) {
      for (const res of [await askCode(token, 'dana@acme.example'), await sign(token, typed('dana@acme.example', '123456'))]) {
        expect(res.statusCode).toBe(410);
        expect(res.json().error).toMatchObject({ code: 'gone', message });
      }
    }
    for (const token of [newShareToken().token, 'not-a-token']) {
      expect((await askCode(token, 'dana@acme.example')).statusCode).toBe(404);
      expect((await sign(token, typed('dana@acme.example', '123456'))).statusCode).toBe(404);
      expect((await document(token)).statusCode).toBe(404);
    }
  });

  it('refuses a bad address and unknown keys with 422', async () => {
    const { token } = await signableLink();
    expect((await askCode(token, 'not-an-address')).statusCode).toBe(422);
    const extra = await t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/signature/code`, remoteAddress: nextAddress(), payload: { signature: { email: 'dana@acme.example', code: '123456' } } });
    expect(extra.statusCode).toBe(422);
  });
});

describe('signing', () => {
  it('signs with a typed name: the PDF as evidence and project file, both signed_at, the audit entry, notifications and the signer\'s mail', async () => {
    const { member, token, share } = await signableLink();
    // The link's first open, as the public page records it.
    await t.db.insert(shareViews).values({ share_id: share.id, viewed_at: new Date(Date.now() - 60_000), address_hash: 'x', user_agent: 'test' });
    const address = nextAddress();
    await askCode(token, 'dana@acme.example', address);
    const code = await mailedCode('dana@acme.example');
    const published: BusMessage[] = [];
    const stop = t.app.ctx.bus.onMessage((message) => published.push(message));
    const res = await sign(token, typed('dana@acme.example', code), address);
    expect(res.statusCode).toBe(201);
    const signed = res.json();
    // Told live, after the commit: the owner and the admin (through Redis the messages come back asynchronously).
    const live = () => published.flatMap((message) => ('userId' in message && 'event' in message && message.event.type === 'notification_created' && (message.event.payload as { title?: string }).title === 'Proposal signed' ? [message.userId] : []));
    await vi.waitFor(() => expect(live()).toEqual(expect.arrayContaining([member.user.id, admin.user.id])));
    stop();
    expect(signed).toMatchObject({ signer_name: 'Dana Owner', signer_title: 'CEO', signer_email: 'dana@acme.example', proposal_version: 1, document_url: `/api/public/shares/${token}/signature/document` });
    expect(signed.document_sha256).toMatch(/^[0-9a-f]{64}$/);

    // The evidence row, its PDF under its own key, and the project file.
    const [evidence] = await t.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id));
    expect(evidence).toMatchObject({ project_id: member.projectId, company_name: 'Acme Foods', signer_address: address, user_agent: 'Mozilla/5.0 (iPhone; test)', method: 'typed', typed_signature: 'Dana Owner', consent_text: SIGNATURE_CONSENT_TEXT, document_sha256: signed.document_sha256 });
    expect(evidence?.document_key).toMatch(/^signatures\/[0-9a-f-]{36}$/);
    expect(evidence?.events.map((event) => event.event)).toEqual(['link created', 'opened', 'code sent', 'code confirmed', 'consent given', 'signed']);
    const stored = await t.app.ctx.storage.get(evidence!.document_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(signed.document_sha256);

    const files = await t.app.inject({ method: 'GET', url: `/api/projects/${member.projectId}/files`, headers: member.auth });
    const today = new Date().toISOString().slice(0, 10);
    expect(files.json()).toEqual([expect.objectContaining({ name: `Signed proposal v1 - Acme Foods - ${today}.pdf`, content_type: 'application/pdf' })]);
    expect(evidence?.stored_file_id).toBe(files.json()[0].id);

    const [project] = await t.db.select({ signed_at: projects.signed_at }).from(projects).where(eq(projects.id, member.projectId));
    const [link] = await t.db.select().from(projectShares).where(eq(projectShares.id, share.id));
    expect(project?.signed_at?.toISOString()).toBe(signed.signed_at);
    expect(link?.signed_at?.toISOString()).toBe(signed.signed_at);
    expect((await t.db.select().from(shareSignatureCodes).where(eq(shareSignatureCodes.share_id, share.id)))[0]?.used_at).not.toBeNull();

    // The audit trail: the hash and the version, not the address.
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'customer_signed'), eq(auditEntries.entity_id, member.projectId)));
    expect(audit).toMatchObject({ actor_id: null, entity_type: 'project' });
    expect(audit?.changes).toMatchObject({ document_sha256: { after: signed.document_sha256 }, proposal_version: { after: 1 } });
    expect(JSON.stringify(audit?.changes)).not.toContain(address);

    // The owner and every full-access admin, live-readable and by email under customer_responses.
    const message = `Dana Owner, CEO of Acme Foods, signed proposal v1 (project #${member.projectId})`;
    for (const userId of [member.user.id, admin.user.id]) {
      const rows = await t.db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.title, 'Proposal signed'), eq(notifications.project_id, member.projectId)));
      expect(rows).toEqual([expect.objectContaining({ kind: 'customer_responses', message })]);
    }

    // The signer's mail carries the PDF; the dev mailbox names it.
    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to_address, 'dana@acme.example'), eq(mailOutbox.subject, 'Your signed proposal for Acme Foods'))).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.attachments).toEqual([{ filename: `Signed proposal v1 - Acme Foods - ${today}.pdf`, content_type: 'application/pdf', storage_key: evidence!.document_key }]);
    expect(mail?.text_body).toContain(signed.document_sha256);
    await t.app.ctx.mailer.flush();
    const [delivered] = await t.db.select().from(mailMessages).where(and(eq(mailMessages.to_address, 'dana@acme.example'), eq(mailMessages.subject, 'Your signed proposal for Acme Foods'))).orderBy(desc(mailMessages.id)).limit(1);
    expect(delivered?.headers?.['X-Attachments']).toContain(`Signed proposal v1 - Acme Foods - ${today}.pdf (application/pdf`);

    // The download; a second signature is refused.
    const pdf = await document(token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`attachment; filename="Signed proposal v1 - Acme Foods - ${today}.pdf"`);
    expect(sha256(pdf.rawPayload)).toBe(signed.document_sha256);
    const again = await sign(token, typed('dana@acme.example', code));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SHARE_MESSAGES.alreadySigned);
    expect((await askCode(token, 'dana@acme.example')).statusCode).toBe(409);
  });

  it('signs with a drawn PNG, and refuses a drawing that is not a PNG', async () => {
    const { token, share } = await signableLink();
    await askCode(token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    const notPng = await sign(token, { ...typed('dana@acme.example', code, { typed_signature: undefined }), drawn_signature: `data:image/png;base64,${PDF_MINIMAL.toString('base64')}` });
    expect(notPng.statusCode).toBe(422);
    expect(notPng.json().error.message).toBe(SHARE_MESSAGES.drawnInvalid);
    // A small file declaring a huge image (the PDF library would decode 7000 x 7000 pixels), and
    // a PNG whose header is fine but whose data is not: 422, never a stalled server or a 500.
    const header = (width: number, height: number) => {
      const ihdr = Buffer.alloc(25);
      ihdr.writeUInt32BE(13, 0);
      ihdr.write('IHDR', 4, 'latin1');
      ihdr.writeUInt32BE(width, 8);
      ihdr.writeUInt32BE(height, 12);
      ihdr.set([8, 6, 0, 0, 0], 16);
      return Buffer.concat([PNG_1PX.subarray(0, 8), ihdr]);
    };
    const drawn = (bytes: Buffer) => ({ ...typed('dana@acme.example', code, { typed_signature: undefined }), drawn_signature: `data:image/png;base64,${bytes.toString('base64')}` });
    const huge = await sign(token, drawn(Buffer.concat([header(7000, 7000), Buffer.alloc(2000)])));
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().error.fields.drawn_signature).toMatch(/at most 2400 x 800 pixels/);
    const corrupt = await sign(token, drawn(Buffer.concat([header(40, 20), Buffer.from('IDAT garbage that is no zlib stream at all')])));
    expect(corrupt.statusCode, corrupt.body).toBe(422);
    expect(corrupt.json().error.message).toBe(SHARE_MESSAGES.drawnInvalid);
    const res = await sign(token, { ...typed('dana@acme.example', code, { typed_signature: undefined }), drawn_signature: `data:image/png;base64,${PNG_1PX.toString('base64')}` });
    expect(res.statusCode).toBe(201);
    const [evidence] = await t.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id));
    expect(evidence).toMatchObject({ method: 'drawn', typed_signature: null });
  });

  it('refuses a body without consent, with both or neither signature, or with unknown keys (422)', async () => {
    const { token } = await signableLink();
    await askCode(token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    const bodies = [
      typed('dana@acme.example', code, { consent: false }),
      typed('dana@acme.example', code, { drawn_signature: `data:image/png;base64,${PNG_1PX.toString('base64')}` }),
      typed('dana@acme.example', code, { typed_signature: undefined }),
      typed('dana@acme.example', code, { admin: true }),
      typed('dana@acme.example', 'abcdef'),
    ];
    for (const body of bodies) expect((await sign(token, body)).statusCode, JSON.stringify(body)).toBe(422);
    expect((await sign(token, typed('dana@acme.example', code, { consent: false }))).json().error.fields).toBeDefined();
    // None of them spent a try.
    expect((await sign(token, typed('dana@acme.example', code))).statusCode).toBe(201);
  });

  it('counts wrong codes: after five, even the right one is refused', async () => {
    const { token, share } = await signableLink();
    await askCode(token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    for (let i = 0; i < SIGNATURE_CODE_MAX_TRIES; i++) {
      const res = await sign(token, typed('dana@acme.example', otherCode(code)));
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'invalid_token', message: SHARE_MESSAGES.codeWrong });
    }
    expect((await t.db.select().from(shareSignatureCodes).where(eq(shareSignatureCodes.share_id, share.id)))[0]?.tries).toBe(SIGNATURE_CODE_MAX_TRIES);
    const right = await sign(token, typed('dana@acme.example', code));
    expect(right.statusCode).toBe(422);
    expect(right.json().error.message).toBe(SHARE_MESSAGES.codeExpired);
  });

  it('refuses an expired code, a used code, a code for another address, and signing before any code', async () => {
    const { token, share } = await signableLink();
    const before = await sign(token, typed('dana@acme.example', '123456'));
    expect(before.statusCode).toBe(422);
    expect(before.json().error).toMatchObject({ code: 'invalid_token', message: SHARE_MESSAGES.codeMissing });

    await askCode(token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    const other = await sign(token, typed('someone@else.example', code));
    expect(other.statusCode).toBe(422);
    expect(other.json().error.message).toBe(SHARE_MESSAGES.codeMissing);

    await t.db.update(shareSignatureCodes).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(shareSignatureCodes.share_id, share.id));
    const expired = await sign(token, typed('dana@acme.example', code));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe(SHARE_MESSAGES.codeExpired);

    // A used code replayed (its link's signature gone, as when the row was used): still refused.
    await askCode(token, 'dana@acme.example');
    const fresh = await mailedCode('dana@acme.example');
    await t.db.update(shareSignatureCodes).set({ used_at: new Date() }).where(eq(shareSignatureCodes.share_id, share.id));
    const replay = await sign(token, typed('dana@acme.example', fresh));
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.message).toBe(SHARE_MESSAGES.codeExpired);
    expect(await t.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id))).toEqual([]);
  });

  it('removes the PDF bytes it wrote when the signature fails, and the code still signs after', async () => {
    const { member, token, share } = await signableLink();
    await askCode(token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    const written: string[] = [];
    storage.put = async (key, body, type) => {
      written.push(key);
      if (key.startsWith('projects/')) throw new Error('the store is down');
      return put(key, body, type);
    };
    try {
      expect((await sign(token, typed('dana@acme.example', code))).statusCode).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(written).toHaveLength(2);
    for (const key of written) expect(await storage.get(key)).toBeNull();
    expect(await t.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id))).toEqual([]);
    expect((await t.db.select({ signed_at: projects.signed_at }).from(projects).where(eq(projects.id, member.projectId)))[0]?.signed_at).toBeNull();
    expect((await sign(token, typed('dana@acme.example', code))).statusCode).toBe(201);
  });

  it('two signatures at once: exactly one 201, the other 409, one evidence row', async () => {
    const { token, share } = await signableLink();
    await askCode(token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    const results = await Promise.all([sign(token, typed('dana@acme.example', code)), sign(token, typed('dana@acme.example', code))]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id))).toHaveLength(1);
  });

  it('a new delivery clears the project\'s signed_at: a new version needs a new signature', async () => {
    const { member, token } = await signableLink();
    await askCode(token, 'dana@acme.example');
    expect((await sign(token, typed('dana@acme.example', await mailedCode('dana@acme.example')))).statusCode).toBe(201);
    const signedAt = async () => (await t.db.select({ signed_at: projects.signed_at }).from(projects).where(eq(projects.id, member.projectId)))[0]?.signed_at;
    expect(await signedAt()).not.toBeNull();
    const [ticket] = (await t.app.inject({ method: 'GET', url: `/api/projects/${member.projectId}/proposal_tickets`, headers: member.auth })).json();
    const revise = await t.app.inject({ method: 'PATCH', url: `/api/projects/${member.projectId}/proposal_tickets/${ticket.id}`, headers: member.auth, payload: { proposal_ticket: { status: 5, details: 'Add a carport', revision_type: 'Request a revision to the original proposal' } } });
    expect(revise.statusCode).toBe(200);
    const redelivered = await t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${ticket.id}`, headers: admin.auth, payload: { proposal_ticket: { status: 7, proposal_links: [{ title: 'Proposal v2', url: 'https://docs.example/p2' }] } } });
    expect(redelivered.statusCode).toBe(200);
    expect(await signedAt()).toBeNull();
    // The evidence of the first signature stays, and so does its download.
    expect((await document(token)).statusCode).toBe(200);
    const second = await shareOf(member.projectId, member.user.id);
    await askCode(second.token, 'dana@acme.example');
    const code = await mailedCode('dana@acme.example');
    // A page still showing version 1 cannot sign version 2 unseen.
    const stale = await sign(second.token, typed('dana@acme.example', code, { proposal_version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(SHARE_MESSAGES.versionChanged);
    const res = await sign(second.token, typed('dana@acme.example', code, { proposal_version: 2 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().proposal_version).toBe(2);
  });
});

describe('the signed document', () => {
  it('stays downloadable after the link expires, 410 once revoked, 404 before signing', async () => {
    const { token, share } = await signableLink();
    expect((await document(token)).statusCode).toBe(404);
    await askCode(token, 'dana@acme.example');
    expect((await sign(token, typed('dana@acme.example', await mailedCode('dana@acme.example')))).statusCode).toBe(201);
    await t.db.update(projectShares).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(projectShares.id, share.id));
    const afterExpiry = await document(token);
    expect(afterExpiry.statusCode).toBe(200);
    expect(afterExpiry.headers['x-robots-tag']).toContain('noindex');
    await t.db.update(projectShares).set({ revoked_at: new Date() }).where(eq(projectShares.id, share.id));
    const revoked = await document(token);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().error.message).toBe(SHARE_MESSAGES.revoked);
    // The evidence outlives the link and the project.
    const [evidence] = await t.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id));
    await t.db.delete(projectShares).where(eq(projectShares.id, share.id));
    await t.db.delete(projects).where(eq(projects.id, share.project_id));
    const [kept] = await t.db.select().from(shareSignatures).where(eq(shareSignatures.id, evidence!.id));
    expect(kept).toMatchObject({ share_id: null, project_id: null, stored_file_id: null, document_sha256: evidence!.document_sha256 });
    expect(await t.app.ctx.storage.get(evidence!.document_key)).not.toBeNull();
  });

  it('an expired unsigned link answers 410', async () => {
    const member = await memberWithProject();
    const { token } = await shareOf(member.projectId, member.user.id, { expires_at: new Date(Date.now() - 1000) });
    expect((await document(token)).statusCode).toBe(410);
  });
});

describe('limits', () => {
  it('mails at most five codes per link and address an hour, and fifteen per link (429 with Retry-After)', async () => {
    const { token } = await signableLink();
    for (let i = 0; i < 5; i++) expect((await askCode(token, 'dana@acme.example')).statusCode).toBe(200);
    const refused = await askCode(token, 'dana@acme.example');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Codes asked for other addresses do not use up the signer's own, up to the link's limit.
    for (let i = 0; i < 10; i++) expect((await askCode(token, `other${i}@acme.example`)).statusCode).toBe(200);
    expect((await askCode(token, 'someone.else@acme.example')).statusCode).toBe(429);
  });

  it('takes at most 30 writes per address in 15 minutes (429)', async () => {
    const address = nextAddress();
    const forged = newShareToken().token;
    for (let i = 0; i < 30; i++) expect((await sign(forged, typed('dana@acme.example', '123456'), address)).statusCode).toBe(404);
    expect((await sign(forged, typed('dana@acme.example', '123456'), address)).statusCode).toBe(429);
    expect((await askCode(forged, 'dana@acme.example', address)).statusCode).toBe(429);
    expect((await sign(forged, typed('dana@acme.example', '123456'))).statusCode).toBe(404);
  });
});

describe('the log', () => {
  it('never holds the code or the link\'s token', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      const loggedAdmin = await logged.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
      const member = await memberWithProject(logged);
      await deliver(member.auth, member.projectId, logged, loggedAdmin.auth);
      const { token } = await shareOf(member.projectId, member.user.id, {}, logged);
      expect((await askCode(token, 'dana@acme.example', nextAddress(), logged)).statusCode).toBe(200);
      const code = await mailedCode('dana@acme.example', logged);
      expect((await sign(token, typed('dana@acme.example', otherCode(code)), nextAddress(), logged)).statusCode).toBe(422);
      expect((await sign(token, typed('dana@acme.example', code), nextAddress(), logged)).statusCode).toBe(201);
      await logged.app.ctx.mailer.flush();
      const log = lines.join('');
      expect(log).toContain('/api/public/shares/[redacted]/signature');
      expect(log).not.toContain(token);
      expect(log).not.toMatch(new RegExp(`(?<!\\d)(${code}|${otherCode(code)})(?!\\d)`));
    } finally {
      await logged.close();
    }
  });
});
