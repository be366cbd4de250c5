import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, storedFiles } from '../db/schema/index.js';
import { PDF_MINIMAL, PNG_1PX, multipartBody, pngOfSize } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/cable-client.js';

/**
 * Per-user upload limits (issue 13): uploads in progress per user (429 above
 * UPLOAD_CONCURRENCY_PER_USER, the slot given back however an upload ends) and the storage
 * quota of a project's owner (413 above STORAGE_QUOTA_BYTES_PER_USER, checked before the body
 * is read and again with the real size under the owner's lock). Driven through Node's fetch
 * against a listening server, which is how a browser's parallel uploads arrive.
 */
const LIMIT = 64 * 1024;
const CONCURRENCY = 2;
const QUOTA = 100 * 1024;
let t: TestApp;
let address: string;
type Session = Awaited<ReturnType<TestApp['signIn']>>;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(LIMIT), UPLOAD_CONCURRENCY_PER_USER: String(CONCURRENCY), STORAGE_QUOTA_BYTES_PER_USER: String(QUOTA) });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

async function newProject(session: Session): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: session.auth, payload: { project: { company_name: 'Quota Co' } } });
  return res.json().projectId as number;
}

const png = (size: number, fill = 1) => pngOfSize(size, fill);

async function upload(url: string, auth: { authorization: string }, data: Buffer, filename = 'photo.png') {
  const form = new FormData();
  form.append('file', new Blob([data]), filename);
  const res = await fetch(`${address}${url}`, { method: 'POST', headers: auth, body: form });
  return { status: res.status, body: (await res.json()) as { id?: number; byte_size?: number; error?: { code: string; message: string; fields?: Record<string, string> } } };
}

/** The temporary files of uploads being written right now. */
function partialFiles(): string[] {
  const walk = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : entry.name.endsWith('.partial') ? [entry.name] : [])) : [];
  return walk(path.join(t.app.ctx.config.dataDir, 'storage'));
}

/**
 * An upload whose body stops after the first 8 KiB (past the type check, so the file is
 * streaming to storage) until `finish` is called; `abort` drops the connection instead.
 */
function heldUpload(url: string, auth: { authorization: string }, data: Buffer) {
  const body = multipartBody([{ field: 'file', filename: 'held.png', contentType: 'image/png', data }]);
  const cut = body.payload.indexOf(data) + 8 * 1024;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const controller = new AbortController();
  const chunks = async function* () {
    yield body.payload.subarray(0, cut);
    await gate;
    yield body.payload.subarray(cut);
  };
  const response = fetch(`${address}${url}`, {
    method: 'POST',
    headers: { ...auth, ...body.headers },
    body: ReadableStream.from(chunks()),
    duplex: 'half',
    signal: controller.signal,
  } as RequestInit).then(async (res) => ({ status: res.status, body: (await res.json()) as { id?: number } }));
  return {
    response,
    finish: () => open(),
    abort: () => {
      controller.abort();
      response.catch(() => {});
    },
  };
}

async function usage(auth: { authorization: string }) {
  const res = await fetch(`${address}/api/user/storage`, { headers: auth });
  expect(res.status).toBe(200);
  return (await res.json()) as { used_bytes: number; quota_bytes: number };
}

describe('uploads in progress per user', () => {
  it(`answer 429 beyond ${CONCURRENCY} at once, in the error shape with a clear message, and never limit another member`, async () => {
    const member = await t.signIn();
    const other = await t.signIn();
    const projectId = await newProject(member);
    const url = `/api/projects/${projectId}/images`;
    const held = Array.from({ length: CONCURRENCY }, (_, index) => heldUpload(url, member.auth, png(32 * 1024, index + 1)));
    await waitFor(() => partialFiles().length === CONCURRENCY, 10_000, 'the held uploads to start writing');

    const refused = await upload(url, member.auth, png(2048));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'rate_limited', message: `You have ${CONCURRENCY} uploads in progress. Wait for one to finish, then try again.` } });
    // Another member's uploads are their own.
    const otherProject = await newProject(other);
    expect((await upload(`/api/projects/${otherProject}/images`, other.auth, png(2048))).status).toBe(201);

    held[0]!.finish();
    expect((await held[0]!.response).status).toBe(201);
    // One slot is free again.
    expect((await upload(url, member.auth, png(2048))).status).toBe(201);
    held[1]!.finish();
    expect((await held[1]!.response).status).toBe(201);
    const rows = await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, projectId));
    expect(rows.map((row) => row.byte_size).sort((a, b) => a - b)).toEqual([2048, 32 * 1024, 32 * 1024]);
  });

  it('give the slot back whatever the outcome: created, refused (415, 413), or a client that goes away mid-upload', async () => {
    const member = await t.signIn();
    const projectId = await newProject(member);
    const url = `/api/projects/${projectId}/images`;
    for (let round = 0; round < CONCURRENCY + 2; round++) {
      expect((await upload(url, member.auth, Buffer.from('not an image'))).status).toBe(415);
      expect((await upload(url, member.auth, png(LIMIT + 1))).status).toBe(413);
      expect((await upload(`/api/projects/${projectId}/files`, member.auth, PNG_1PX)).status).toBe(415);
    }

    const gone = Array.from({ length: CONCURRENCY }, () => heldUpload(url, member.auth, png(32 * 1024)));
    await waitFor(() => partialFiles().length === CONCURRENCY, 10_000, 'the held uploads to start writing');
    expect((await upload(url, member.auth, png(2048))).status).toBe(429);
    for (const upload of gone) upload.abort();
    // The aborted uploads leave no temporary file and no row, and free their slots.
    await waitFor(() => partialFiles().length === 0, 10_000, 'the aborted uploads to clean up');
    const after = await upload(url, member.auth, png(2048));
    expect(after.status).toBe(201);
    const rows = await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, projectId));
    expect(rows.map((row) => row.id)).toEqual([after.body.id]);
  });
});

describe('the storage quota', () => {
  it('lets a member fill it exactly, then answers 413 naming the quota and stores nothing', async () => {
    const member = await t.signIn();
    const projectId = await newProject(member);
    const second = await newProject(member);
    expect(await usage(member.auth)).toEqual({ used_bytes: 0, quota_bytes: QUOTA });

    expect((await upload(`/api/projects/${projectId}/images`, member.auth, png(60 * 1024))).status).toBe(201);
    // The quota counts every project of the member.
    expect((await upload(`/api/projects/${second}/files`, member.auth, Buffer.concat([PDF_MINIMAL, Buffer.alloc(30 * 1024 - PDF_MINIMAL.length)]), 'a.pdf')).status).toBe(201);
    expect(await usage(member.auth)).toEqual({ used_bytes: 90 * 1024, quota_bytes: QUOTA });

    const over = await upload(`/api/projects/${projectId}/images`, member.auth, png(10 * 1024 + 1));
    expect(over.status).toBe(413);
    const message = 'This upload would take your storage past its 100 KB limit (90 KB used). Delete photos or files you no longer need, then try again.';
    expect(over.body).toEqual({ error: { code: 'payload_too_large', message, fields: { file: message } } });

    const exact = await upload(`/api/projects/${projectId}/images`, member.auth, png(10 * 1024));
    expect(exact.status).toBe(201);
    expect(await usage(member.auth)).toEqual({ used_bytes: QUOTA, quota_bytes: QUOTA });
    // Full: even the smallest file is refused, before its body is read.
    expect((await upload(`/api/projects/${projectId}/images`, member.auth, PNG_1PX)).status).toBe(413);

    // Deleting frees room.
    expect((await fetch(`${address}/api/projects/${projectId}/images/${exact.body.id}`, { method: 'DELETE', headers: member.auth })).status).toBe(204);
    expect((await usage(member.auth)).used_bytes).toBe(90 * 1024);
    expect((await upload(`/api/projects/${projectId}/images`, member.auth, png(10 * 1024))).status).toBe(201);
  });

  it("counts an admin's upload to a member's project against that member, and says whose storage is full", async () => {
    const member = await t.signIn();
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const projectId = await newProject(member);
    expect((await upload(`/api/admin/projects/${projectId}/images`, admin.auth, png(60 * 1024))).status).toBe(201);
    expect((await usage(member.auth)).used_bytes).toBe(60 * 1024);
    expect((await usage(admin.auth)).used_bytes).toBe(0);

    const over = await upload(`/api/admin/projects/${projectId}/images`, admin.auth, png(50 * 1024));
    expect(over.status).toBe(413);
    expect(over.body.error?.message).toBe("This upload would take the project owner's storage past its 100 KB limit (60 KB used). Delete photos or files you no longer need, then try again.");
  });

  it('holds against parallel uploads: the owner never ends up over the quota, and the refused ones leave nothing', async () => {
    const member = await t.signIn();
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const projectId = await newProject(member);
    // Each fits alone (and passes the first check); together they are 3 x 40 KiB for 100 KiB.
    // The member and an admin upload at once, so the concurrency limit does not serialise them.
    const results = await Promise.all([
      upload(`/api/projects/${projectId}/images`, member.auth, png(40 * 1024, 1)),
      upload(`/api/projects/${projectId}/images`, member.auth, png(40 * 1024, 2)),
      upload(`/api/admin/projects/${projectId}/images`, admin.auth, png(40 * 1024, 3)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 201, 413]);
    const rows = await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, projectId));
    expect(rows).toHaveLength(2);
    expect((await usage(member.auth)).used_bytes).toBe(80 * 1024);
    expect(partialFiles()).toEqual([]);
    const keys: string[] = [];
    for await (const object of t.app.ctx.storage.list()) if (object.key.startsWith(`projects/${projectId}/`)) keys.push(object.key);
    expect(keys.sort()).toEqual(rows.map((row) => row.storage_key).sort());
  });

  it('is the sum of the byte sizes of stored files under the projects the member owns, and nobody else', async () => {
    const member = await t.signIn();
    const owned = await t.db.select({ id: projects.id }).from(projects).where(eq(projects.user_id, member.user.id));
    expect(owned).toEqual([]);
    const other = await t.signIn();
    const otherProject = await newProject(other);
    expect((await upload(`/api/projects/${otherProject}/images`, other.auth, png(5000))).status).toBe(201);
    expect(await usage(member.auth)).toEqual({ used_bytes: 0, quota_bytes: QUOTA });
    const rows = await t.db.select().from(storedFiles).where(inArray(storedFiles.project_id, [otherProject]));
    expect(rows.map((row) => row.byte_size)).toEqual([5000]);
    expect((await fetch(`${address}/api/user/storage`)).status).toBe(401);
  });
});
