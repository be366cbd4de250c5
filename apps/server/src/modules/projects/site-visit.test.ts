import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, storedFiles } from '../../db/schema/index.js';
import { PDF_MINIMAL, multipartBody } from '../../test/fixtures.js';
import { describePhoto, photoWithMetadata } from '../../test/photo-fixtures.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * Issue 41 item 2, the server side of an offline site visit: a photo's capture fields, its
 * metadata stripped from the stored bytes, the Idempotency-Key that makes a queued upload or
 * note happen once, and the project's notes.
 */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

type Auth = Record<string, string>;

async function newProject(auth: Auth): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'Field Co' } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

function uploadPhoto(auth: Auth, url: string, data: Buffer, fields: Record<string, string> = {}, filename = 'roof.jpg') {
  const body = multipartBody([...Object.entries(fields).map(([field, value]) => ({ field, data: value })), { field: 'file', filename, contentType: 'image/jpeg', data }]);
  return t.app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });
}

async function storedBytes(id: number): Promise<{ bytes: Buffer; row: typeof storedFiles.$inferSelect }> {
  const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  const stream = await t.app.ctx.storage.get(row!.storage_key);
  return { bytes: await buffer(stream!), row: row! };
}

async function storedKeys(projectId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.ctx.storage.list()) if (object.key.startsWith(`projects/${projectId}/`)) keys.push(object.key);
  return keys;
}

const countFiles = async (projectId: number) => (await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, projectId))).length;

describe('photo capture fields', () => {
  it('stores taken_at, latitude and longitude and answers them beside id, url and name', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await uploadPhoto(auth, `/api/projects/${id}/images`, await photoWithMetadata('jpeg'), { taken_at: '2026-12-06T14:03:00+01:00', latitude: '37.7749', longitude: '-122.4194' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'roof.jpg', taken_at: '2026-12-06T13:03:00.000Z', latitude: 37.7749, longitude: -122.4194 });
    const list = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/images`, headers: auth });
    expect(list.json()[0]).toMatchObject({ taken_at: '2026-12-06T13:03:00.000Z', latitude: 37.7749, longitude: -122.4194 });
    // A photo without them, and a file, answer nulls.
    const plain = await uploadPhoto(auth, `/api/projects/${id}/images`, await photoWithMetadata('jpeg'));
    expect(plain.json()).toMatchObject({ taken_at: null, latitude: null, longitude: null });
  });

  it.each([
    [{ taken_at: 'yesterday' }, 'taken_at', 'The capture time must be an ISO 8601 date-time, such as 2026-12-06T14:03:00+01:00.'],
    [{ taken_at: '2026-12-06T14:03:00' }, 'taken_at', 'The capture time must be an ISO 8601 date-time, such as 2026-12-06T14:03:00+01:00.'],
    [{ taken_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString() }, 'taken_at', 'The capture time is in the future. Check the date and time of the device that took the photo.'],
    [{ taken_at: '1989-12-31T23:59:59Z' }, 'taken_at', 'The capture time is before 1990. Check the date and time of the device that took the photo.'],
    [{ latitude: '91', longitude: '0' }, 'latitude', 'Latitude must be a number from -90 to 90.'],
    [{ latitude: '0', longitude: '-180.5' }, 'longitude', 'Longitude must be a number from -180 to 180.'],
    [{ latitude: 'north', longitude: '1' }, 'latitude', 'Latitude must be a number from -90 to 90.'],
    [{ latitude: '12.5' }, 'longitude', 'Send both latitude and longitude, or neither.'],
  ])('refuses %j with 422 on %s and stores nothing', async (fields, field, message) => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await uploadPhoto(auth, `/api/projects/${id}/images`, await photoWithMetadata('jpeg'), fields);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
    expect(await countFiles(id)).toBe(0);
    const keys: string[] = [];
    for await (const object of t.app.ctx.storage.list()) if (object.key.startsWith(`projects/${id}/`)) keys.push(object.key);
    expect(keys).toEqual([]);
  });

  it('refuses photo fields sent after the file with 422, storing nothing (the whole body at once)', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const body = multipartBody([{ field: 'file', filename: 'roof.jpg', contentType: 'image/jpeg', data: await photoWithMetadata('jpeg') }, { field: 'latitude', data: '37.7749' }, { field: 'longitude', data: '-122.4194' }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/images`, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ message: 'Send taken_at, latitude and longitude before the file.', fields: { latitude: 'Send taken_at, latitude and longitude before the file.' } });
    expect(await countFiles(id)).toBe(0);
    expect(await storedKeys(id)).toEqual([]);
  });

  it('refuses a photo field that arrives over the connection after the file was stored, and deletes the stored bytes', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const boundary = 'late-field-boundary';
      const head = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roof.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        await photoWithMetadata('jpeg'),
        Buffer.from(`\r\n--${boundary}\r\n`),
      ]);
      const tail = Buffer.from(`Content-Disposition: form-data; name="taken_at"\r\n\r\n2026-12-06T14:03:00Z\r\n--${boundary}--\r\n`);
      // The second half is sent only once the server has stored the file's bytes.
      let stored!: () => void;
      const bytesStored = new Promise<void>((resolve) => (stored = resolve));
      const storage = t.app.ctx.storage;
      const put = storage.put.bind(storage);
      const spy = vi.spyOn(storage, 'put').mockImplementation(async (...args: Parameters<typeof storage.put>) => {
        await put(...args);
        stored();
      });
      const url = new URL(`/api/projects/${id}/images`, address);
      let request!: http.ClientRequest;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request = http.request(url, { method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + tail.length } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString() }));
        });
        request.on('error', reject);
      });
      request.write(head);
      // Without the check the server answers (201) before the rest is sent.
      await Promise.race([bytesStored, answer]);
      request.end(tail);
      const res = await answer;
      spy.mockRestore();
      expect(res.status, res.body).toBe(422);
      expect(JSON.parse(res.body).error).toMatchObject({ fields: { taken_at: 'Send taken_at, latitude and longitude before the file.' } });
      expect(await countFiles(id)).toBe(0);
      expect(await storedKeys(id)).toEqual([]);
    } finally {
      await t.app.server.close();
    }
  });

  it('accepts the fields through the admin prefix too', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await uploadPhoto(admin.auth, `/api/admin/projects/${id}/images`, await photoWithMetadata('png'), { taken_at: '2025-05-01T08:00:00Z', latitude: '-33.8688', longitude: '151.2093' }, 'site.png');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ taken_at: '2025-05-01T08:00:00.000Z', latitude: -33.8688, longitude: 151.2093 });
  });
});

describe('metadata stripped from the stored photo', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`stores a ${format} with GPS Exif, XMP and text without any of them; size and checksum are of the stored bytes`, async () => {
      const { auth } = await t.signIn();
      const id = await newProject(auth);
      const original = await photoWithMetadata(format);
      expect(await describePhoto(original)).toMatchObject({ exif: true, gps: true, xmp: true });
      const res = await uploadPhoto(auth, `/api/projects/${id}/images`, original, {}, `roof.${format}`);
      expect(res.statusCode, res.body).toBe(201);
      const { bytes, row } = await storedBytes(res.json().id);
      expect(await describePhoto(bytes)).toMatchObject({ width: 48, height: 32, exif: false, xmp: false, text: false, gps: false });
      expect(row.byte_size).toBe(bytes.length);
      expect(res.json().byte_size).toBe(bytes.length);
      expect(row.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      const served = await t.app.inject({ method: 'GET', url: res.json().url, headers: auth });
      expect(served.rawPayload.equals(bytes)).toBe(true);
    });
  }

  it('refuses a damaged JPEG with 422 and stores nothing', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const jpeg = await photoWithMetadata('jpeg');
    const res = await uploadPhoto(auth, `/api/projects/${id}/images`, jpeg.subarray(0, 200));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { file: 'This JPEG image is damaged or incomplete, so it was not stored.' } });
    expect(await countFiles(id)).toBe(0);
  });
});

describe('Idempotency-Key', () => {
  it('answers a photo sent again with the same key with the row it made (200, same body), storing nothing more', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const key = randomUUID();
    const photo = await photoWithMetadata('jpeg');
    const first = await uploadPhoto({ ...auth, 'idempotency-key': key }, `/api/projects/${id}/images`, photo, { latitude: '1', longitude: '2' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await uploadPhoto({ ...auth, 'idempotency-key': key.toUpperCase() }, `/api/projects/${id}/images`, photo, { latitude: '1', longitude: '2' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await countFiles(id)).toBe(1);
    // Another key is another photo.
    const other = await uploadPhoto({ ...auth, 'idempotency-key': randomUUID() }, `/api/projects/${id}/images`, photo);
    expect(other.statusCode).toBe(201);
    expect(await countFiles(id)).toBe(2);
    const uploads = await t.db.select().from(auditEntries).where(eq(auditEntries.entity_id, id));
    expect(uploads.filter((entry) => entry.action === 'photo_uploaded')).toHaveLength(2);
  });

  it('two uploads with the same key at once make one row and keep one stored object: the loser answers that row and its bytes are deleted', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const key = randomUUID();
    const photo = await photoWithMetadata('jpeg');
    // Both pass the first look for the key before either inserts: each waits in storage for the other.
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    let arrived = 0;
    let release!: () => void;
    const bothStoring = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(storage, 'put').mockImplementation(async (...args: Parameters<typeof storage.put>) => {
      if (++arrived === 2) release();
      await bothStoring;
      return put(...args);
    });
    try {
      const answers = await Promise.all([0, 1].map(() => uploadPhoto({ ...auth, 'idempotency-key': key }, `/api/projects/${id}/images`, photo)));
      expect(arrived).toBe(2);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      expect(answers[0]!.json()).toEqual(answers[1]!.json());
    } finally {
      spy.mockRestore();
    }
    expect(await countFiles(id)).toBe(1);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, id));
    expect(await storedKeys(id)).toEqual([row!.storage_key]);
  });

  it('does the same for files, and refuses a key used for the other kind on the project (409)', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const key = randomUUID();
    const pdf = (headers: Auth) => {
      const body = multipartBody([{ field: 'file', filename: 'bill.pdf', contentType: 'application/pdf', data: PDF_MINIMAL }]);
      return t.app.inject({ method: 'POST', url: `/api/projects/${id}/files`, headers: { ...headers, ...body.headers }, payload: body.payload });
    };
    const first = await pdf({ ...auth, 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await pdf({ ...auth, 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const crossed = await uploadPhoto({ ...auth, 'idempotency-key': key }, `/api/projects/${id}/images`, await photoWithMetadata('jpeg'));
    expect(crossed.statusCode).toBe(409);
    expect(crossed.json().error.message).toBe('This Idempotency-Key was already used for a different kind of upload on this project.');
    expect(await countFiles(id)).toBe(1);
  });

  it('refuses a key that is not a UUID with 422, storing nothing', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await uploadPhoto({ ...auth, 'idempotency-key': 'retry-1' }, `/api/projects/${id}/images`, await photoWithMetadata('jpeg'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({ code: 'validation_failed', message: 'Idempotency-Key must be a UUID.', fields: { 'Idempotency-Key': 'Idempotency-Key must be a UUID.' } });
    const note = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/notes`, headers: { ...auth, 'idempotency-key': 'x' }, payload: { note: { body: 'Meter in the garage' } } });
    expect(note.statusCode).toBe(422);
    expect(await countFiles(id)).toBe(0);
  });

  it('keys are per project: the same key on two projects makes two notes', async () => {
    const { auth } = await t.signIn();
    const [a, b] = [await newProject(auth), await newProject(auth)];
    const key = randomUUID();
    for (const id of [a, b]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/notes`, headers: { ...auth, 'idempotency-key': key }, payload: { note: { body: 'Same key' } } });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('notes', () => {
  const notesUrl = (id: number, prefix = '/api') => `${prefix}/projects/${id}/notes`;

  it('adds, lists (oldest first) and deletes notes, with the author and the timeline', async () => {
    const { auth, user } = await t.signIn({ first_name: 'Nora', last_name: 'Field' });
    const id = await newProject(auth);
    const empty = await t.app.inject({ method: 'GET', url: notesUrl(id), headers: auth });
    expect(empty.json()).toEqual([]);
    const key = randomUUID();
    const first = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: { ...auth, 'idempotency-key': key }, payload: { note: { body: '  Meter is in the garage.  ' } } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(Number), project_id: id, body: 'Meter is in the garage.', author_id: user.id, author_name: 'Nora Field', created_at: expect.any(String) });
    const replay = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: { ...auth, 'idempotency-key': key }, payload: { note: { body: 'Meter is in the garage.' } } });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const second = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: auth, payload: { note: { body: 'Roof faces south-west.' } } });
    expect(second.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: notesUrl(id), headers: auth });
    expect(list.json().map((note: { body: string }) => note.body)).toEqual(['Meter is in the garage.', 'Roof faces south-west.']);
    expect(list.headers['x-total-count']).toBe('2');

    const removed = await t.app.inject({ method: 'DELETE', url: `${notesUrl(id)}/${first.json().id}`, headers: auth });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: notesUrl(id), headers: auth })).json()).toHaveLength(1);

    const activity = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/activity`, headers: auth });
    const actions = activity.json().map((entry: { action: string; changes: Record<string, { before: unknown; after: unknown }> }) => [entry.action, entry.changes.body]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['note_created', { before: null, after: 'Meter is in the garage.' }],
        ['note_created', { before: null, after: 'Roof faces south-west.' }],
        ['note_deleted', { before: 'Meter is in the garage.', after: null }],
      ]),
    );
    expect(actions.filter(([action]: [string]) => action === 'note_created')).toHaveLength(2);
  });

  it.each([
    [{ note: { body: '   ' } }, 'Write the note first.'],
    [{ note: { body: 'x'.repeat(4001) } }, 'A note can be at most 4,000 characters.'],
    [{ note: {} }, 'Write the note first.'],
  ])('refuses %# with 422', async (payload, message) => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: auth, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message, fields: { body: message } });
  });

  it('takes 4,000 characters', async () => {
    const { auth } = await t.signIn();
    const id = await newProject(auth);
    const res = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: auth, payload: { note: { body: 'x'.repeat(4000) } } });
    expect(res.statusCode).toBe(201);
  });

  it("answers 404 for another member's project and note, changing nothing", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const id = await newProject(owner.auth);
    const note = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: owner.auth, payload: { note: { body: 'Private' } } });
    for (const [method, url, payload] of [
      ['GET', notesUrl(id), undefined],
      ['POST', notesUrl(id), { note: { body: 'Intruder' } }],
      ['DELETE', `${notesUrl(id)}/${note.json().id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // A note of another project through one's own project is not found either.
    const own = await newProject(other.auth);
    expect((await t.app.inject({ method: 'DELETE', url: `${notesUrl(own)}/${note.json().id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: notesUrl(id), headers: owner.auth })).json()).toHaveLength(1);
  });

  it("lets an administrator add and delete notes on any project; the owner cannot delete the administrator's note", async () => {
    const owner = await t.signIn();
    const id = await newProject(owner.auth);
    const byAdmin = await t.app.inject({ method: 'POST', url: notesUrl(id, '/api/admin'), headers: admin.auth, payload: { note: { body: 'Checked the panel.' } } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().author_name).toBe('Avery Admin');
    const refused = await t.app.inject({ method: 'DELETE', url: `${notesUrl(id)}/${byAdmin.json().id}`, headers: owner.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only the note’s author or an administrator can delete it.');
    const byOwner = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: owner.auth, payload: { note: { body: 'Owner note' } } });
    const listed = await t.app.inject({ method: 'GET', url: notesUrl(id, '/api/admin'), headers: admin.auth });
    expect(listed.json().map((note: { body: string }) => note.body)).toEqual(['Checked the panel.', 'Owner note']);
    expect((await t.app.inject({ method: 'DELETE', url: `${notesUrl(id, '/api/admin')}/${byOwner.json().id}`, headers: admin.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `${notesUrl(id, '/api/admin')}/${byAdmin.json().id}`, headers: admin.auth })).statusCode).toBe(204);
  });

  it('takes projects:read for the list and projects:write to add or delete, from an API token', async () => {
    const owner = await t.signIn();
    const id = await newProject(owner.auth);
    const token = async (scopes: string[]) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: owner.auth, payload: { api_token: { name: scopes.join(' '), scopes, expires_in_days: 1 } } });
      return { authorization: `Bearer ${res.json().token as string}` };
    };
    const reader = await token(['projects:read']);
    const writer = await token(['projects:write']);
    expect((await t.app.inject({ method: 'GET', url: notesUrl(id), headers: reader })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: notesUrl(id), headers: reader, payload: { note: { body: 'By token' } } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('insufficient_scope');
    expect((await t.app.inject({ method: 'GET', url: notesUrl(id), headers: writer })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: notesUrl(id), headers: writer, payload: { note: { body: 'By token' } } })).statusCode).toBe(201);
  });
});
