import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/index.js';
import { withTypeExtension } from './attachments.service.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PDF_MINIMAL, PNG_1PX, multipartBody } from '../../test/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
});
afterAll(async () => t?.close());

type Auth = { authorization: string };

async function newProject(auth: Auth) {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'Upload Co' } } });
  return res.json().projectId as number;
}

function upload(auth: Auth, projectId: number, kind: 'images' | 'files', file: { filename: string; data: Buffer | string; contentType?: string; field?: string }) {
  const body = multipartBody([{ field: file.field ?? 'file', filename: file.filename, contentType: file.contentType ?? 'application/octet-stream', data: file.data }]);
  return t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/${kind}`, headers: { ...auth, ...body.headers }, payload: body.payload });
}

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.ctx.storage.list()) keys.push(object.key);
  return keys;
}

describe('photos and files', () => {
  it('stores a photo and serves it back to its owner, inline or as a download with the original name', async () => {
    const { auth, token } = await t.signIn();
    const id = await newProject(auth);
    const res = await upload(auth, id, 'images', { filename: 'Roof – south.png', data: PNG_1PX, contentType: 'image/png' });
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ project_id: id, name: 'Roof – south.png', content_type: 'image/png', byte_size: PNG_1PX.length, url: `/api/projects/${id}/images/${photo.id}/download` });
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, photo.id));
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.storage_key).toMatch(new RegExp(`^projects/${id}/images/[0-9a-f-]{36}$`));

    const inline = await t.app.inject({ method: 'GET', url: photo.url, headers: auth });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('image/png');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="Roof _ south.png"; filename*=UTF-8''${encodeURIComponent('Roof – south.png')}`);
    expect(inline.rawPayload.equals(PNG_1PX)).toBe(true);
    // An <img src> carries no header: the web app's cookie is accepted on downloads.
    const byCookie = await t.app.inject({ method: 'GET', url: `${photo.url}?download=1`, headers: { cookie: `account_type=referral_partner; authorization=${token}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const list = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/images`, headers: auth });
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([photo.id]);
  });

  it('serves one byte range of a download with 206, a range past the end with 416, and the whole file for ranges it ignores', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const { url } = (await upload(auth, id, 'files', { filename: 'bill.pdf', data: PDF_MINIMAL, contentType: 'application/pdf' })).json();
    const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
    const size = PDF_MINIMAL.length;

    const whole = await get({});
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const head = await get({ range: 'bytes=0-4' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-4/${size}`);
    expect(head.headers['content-length']).toBe('5');
    expect(head.rawPayload.toString('latin1')).toBe('%PDF-');
    const rest = await get({ range: `bytes=${size - 3}-` });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(PDF_MINIMAL.subarray(-3))).toBe(true);

    const past = await get({ range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(past.json().error).toEqual({ code: 'range_not_satisfiable', message: 'The requested range is outside the file.' });

    // Several ranges, a malformed one, or an If-Range (this route sends no validator it could match).
    for (const headers of [{ range: 'bytes=0-1,4-5' } as Record<string, string>, { range: 'bytes=5-1' }, { range: 'pages=1-2' }, { range: 'bytes=0-4', 'if-range': '"x"' }]) {
      const full = await get(headers);
      expect(full.statusCode).toBe(200);
      expect(full.rawPayload.equals(PDF_MINIMAL)).toBe(true);
    }
  });

  it('stores a PDF file', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await upload(auth, id, 'files', { filename: 'bill.pdf', data: PDF_MINIMAL, contentType: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'bill.pdf', content_type: 'application/pdf' });
  });

  // Wrong magic numbers, polyglots, paths in names and oversized bodies: src/security/uploads.test.ts.

  it('keeps the shown name in step with the sniffed type, so a download never opens as another kind of file', () => {
    expect(withTypeExtension('Roof.PNG', 'image/png')).toBe('Roof.PNG');
    expect(withTypeExtension('roof.jpeg', 'image/jpeg')).toBe('roof.jpeg');
    expect(withTypeExtension('page.html', 'image/png')).toBe('page.html.png');
    expect(withTypeExtension('bill', 'application/pdf')).toBe('bill.pdf');
    expect(withTypeExtension('x'.repeat(200), 'application/pdf')).toHaveLength(199);
  });

  it('asks for the file field and for multipart', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const wrongField = await upload(auth, id, 'images', { filename: 'a.png', data: PNG_1PX, field: 'photo' });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().error.fields.file).toBe('Choose a file to upload.');
    const json = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/images`, headers: auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('answers 400, not 500, for a multipart body cut off before its end or without a boundary (found by the property tests)', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/images`,
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--xyz',
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ error: { code: 'bad_request', message: 'The upload is not a complete multipart/form-data body.' } });
    const noBoundary = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/files`, headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'abc' });
    expect(noBoundary.statusCode).toBe(400);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, id))).toHaveLength(0);
  });

  it('deletes the row and the bytes', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const photo = (await upload(auth, id, 'images', { filename: 'a.png', data: PNG_1PX })).json();
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, photo.id));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/projects/${id}/images/${photo.id}`, headers: auth, payload: { source: 'active_storage' } });
    expect(del.statusCode).toBe(204);
    expect(await storedKeys()).not.toContain(row?.storage_key);
    expect((await t.app.inject({ method: 'GET', url: photo.url, headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${id}/images/${photo.id}`, headers: auth, payload: { source: 'active_storage' } })).statusCode).toBe(404);
    // A photo is not reachable as a file.
    const other = (await upload(auth, id, 'images', { filename: 'b.png', data: PNG_1PX })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${id}/files/${other.id}/download`, headers: auth })).statusCode).toBe(404);
  });

  it("never serves another member's file, by header or cookie", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const id = await newProject(owner.auth);
    const photo = (await upload(owner.auth, id, 'images', { filename: 'a.png', data: PNG_1PX })).json();
    expect((await t.app.inject({ method: 'GET', url: photo.url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.url, headers: { cookie: `authorization=${stranger.token}` } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${id}/images/${photo.id}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await upload(stranger.auth, id, 'images', { filename: 'a.png', data: PNG_1PX })).statusCode).toBe(404);
  });
});
