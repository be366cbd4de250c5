import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../../modules/projects/storage-sweep.js';
import { PDF_MINIMAL, PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { S3_TEST_BUCKET, S3_TEST_ENV, startS3rver, type S3rverHandle } from '../../test/s3-server.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { S3_PART_BYTES, S3Storage } from './s3-storage.js';
import type { ByteRange } from './storage.js';

/**
 * S3Storage through the AWS SDK against s3rver, a real S3-compatible server started here on
 * 127.0.0.1 with its objects in a temporary directory (docs/decisions/056). Where s3rver
 * answers otherwise than S3 does, the test names the difference; what the portal relies on
 * (PutObject, the multipart calls, ranged GetObject, DeleteObject, ListObjectsV2) behaves alike.
 * Not checked by s3rver: SigV4 signatures (test/s3-server.ts), the 5 MiB minimum part size
 * (our parts are 5 MiB anyway), checksum headers (the SDK sends them only when required), and
 * multipart ETags (S3's are an MD5 of the parts' MD5s with `-<parts>`, s3rver's the object's MD5;
 * nothing here reads ETags), atomic writes (s3rver writes an object's file in place, so a read
 * during a PUT sees part of it; no test reads during a write).
 */
const MIB = 1024 * 1024;

/** `length` bytes of a pattern that differs at every offset a part boundary could fall on. */
function patterned(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 7 + (index >> 12)) % 251;
  return bytes;
}

/** The bytes as a stream of unknown length in 64 KiB chunks, as an upload arrives. */
function streamOf(bytes: Buffer): Readable {
  return Readable.from((function* () {
    for (let offset = 0; offset < bytes.length; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
  })());
}

async function readAll(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What getRange read: which bytes it says the stream holds (undefined: the whole object), and the bytes. */
async function readRange(storage: S3Storage, key: string, range: ByteRange) {
  const read = await storage.getRange(key, range);
  return read && { range: read.range, bytes: await readAll(read.stream) };
}

function storageOn(s3: S3rverHandle): S3Storage {
  return new S3Storage({ bucket: S3_TEST_BUCKET, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: S3_TEST_ENV.S3_ACCESS_KEY_ID, secretAccessKey: S3_TEST_ENV.S3_SECRET_ACCESS_KEY, forcePathStyle: true });
}

/** What reached s3rver for one key: each request's method and operation (`POST uploads`, `PUT partNumber=1 uploadId`). */
function callsFor(s3: S3rverHandle, key: string): string[] {
  return requestsFor(s3, key).map((r) => `${r.method} ${r.query}`.trim());
}

function requestsFor(s3: S3rverHandle, key: string) {
  return s3.requests.filter((r) => r.path === `/${S3_TEST_BUCKET}/${key}`);
}

describe('S3Storage against s3rver', () => {
  let directory: string;
  let s3: S3rverHandle;
  let storage: S3Storage;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'sunin-s3rver-'));
    s3 = await startS3rver(directory);
    storage = storageOn(s3);
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('puts a small file with one signed PutObject and reads it back; a key that holds nothing reads as null', async () => {
    expect(s3.address).toBe('127.0.0.1');
    const key = 'projects/1/images/00000000-0000-4000-8000-000000000001';
    await storage.put(key, streamOf(PNG_1PX), 'image/png');
    expect(callsFor(s3, key)).toEqual(['PUT']);
    expect(s3.requests.find((r) => r.method === 'PUT')?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
    expect((await readAll(await storage.get(key)))?.equals(PNG_1PX)).toBe(true);
    expect(await storage.get('projects/1/images/00000000-0000-4000-8000-00000000ffff')).toBeNull();
  });

  it('streams a file longer than one 5 MiB part as a multipart upload and reads it back whole and in ranges, across the part boundary too', async () => {
    const key = 'projects/1/files/00000000-0000-4000-8000-000000000002';
    const big = patterned(S3_PART_BYTES + 123);
    await storage.put(key, streamOf(big), 'application/pdf');
    expect(callsFor(s3, key)).toEqual(['POST uploads', 'PUT partNumber=1 uploadId', 'PUT partNumber=2 uploadId', 'POST uploadId']);
    expect((await readAll(await storage.get(key)))?.equals(big)).toBe(true);

    const across = { start: S3_PART_BYTES - 5, end: S3_PART_BYTES + 4 };
    expect(await readRange(storage, key, across)).toEqual({ range: across, bytes: big.subarray(across.start, across.end + 1) });
    expect(await readRange(storage, key, { start: 0, end: 1 })).toEqual({ range: { start: 0, end: 1 }, bytes: big.subarray(0, 2) });
    const last = { start: big.length - 1, end: big.length - 1 };
    expect(await readRange(storage, key, last)).toEqual({ range: last, bytes: big.subarray(-1) });
    const ranged = requestsFor(s3, key).filter((r) => r.range);
    expect(ranged.map((r) => [r.range, r.status])).toEqual([
      [`bytes=${across.start}-${across.end}`, 206],
      ['bytes=0-1', 206],
      [`bytes=${last.start}-${last.end}`, 206],
    ]);
  });

  it('reads the whole object, reported as such, when the store ignores a range, and refuses an answer naming other bytes', async () => {
    const key = 'projects/1/files/00000000-0000-4000-8000-000000000007';
    await storage.put(key, streamOf(PDF_MINIMAL), 'application/pdf');
    const whole = { range: undefined, bytes: PDF_MINIMAL };
    // s3rver answers `bytes=0-0` with the whole object and a Content-Range naming all of it
    // (its end of 0 reads as "none given"); S3 sends the one byte.
    expect(await readRange(storage, key, { start: 0, end: 0 })).toEqual(whole);
    try {
      // A store that ignores ranges altogether answers 200 without Content-Range.
      s3.rewriteRange = () => undefined;
      expect(await readRange(storage, key, { start: 1, end: 1 })).toEqual(whole);
      s3.rewriteRange = () => 'bytes=2-2';
      await expect(storage.getRange(key, { start: 1, end: 1 })).rejects.toThrow(`The store answered "bytes 2-2/${PDF_MINIMAL.length}" for bytes 1-1`);
    } finally {
      s3.rewriteRange = (range) => range;
    }
    expect(await readRange(storage, key, { start: 1, end: 1 })).toEqual({ range: { start: 1, end: 1 }, bytes: PDF_MINIMAL.subarray(1, 2) });
    expect(requestsFor(s3, key).filter((r) => r.range).map((r) => [r.range, r.status])).toEqual([
      ['bytes=0-0', 206],
      ['bytes=1-1', 200],
      ['bytes=1-1', 206],
      ['bytes=1-1', 206],
    ]);
  });

  it('deletes, and deleting a key that holds nothing is not an error', async () => {
    const key = 'projects/1/images/00000000-0000-4000-8000-000000000003';
    await storage.put(key, streamOf(PNG_1PX), 'image/png');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("rejects with the stream's own error when it fails mid-upload, leaving no object, though s3rver cannot abort a multipart upload", async () => {
    const key = 'projects/1/files/00000000-0000-4000-8000-000000000004';
    const failing = Readable.from((async function* () {
      yield patterned(6 * MIB);
      throw new Error('upload stopped: too_large');
    })());
    await expect(storage.put(key, failing, 'application/pdf')).rejects.toThrow('upload stopped: too_large');
    // s3rver has no AbortMultipartUpload and answers the DELETE 405 (S3 answers 204 and drops
    // the parts); lib-storage then throws that 405 in place of the stream's error, which put
    // reports instead. The first part stays in s3rver's upload directory, as it would on S3
    // until the bucket's AbortIncompleteMultipartUpload rule removes it.
    const calls = callsFor(s3, key);
    expect(calls).toEqual(['POST uploads', 'PUT partNumber=1 uploadId', 'DELETE uploadId']);
    expect(requestsFor(s3, key).find((r) => r.method === 'DELETE')?.status).toBe(405);
    expect(await storage.get(key)).toBeNull();
    const keys: string[] = [];
    for await (const object of storage.list()) keys.push(object.key);
    expect(keys).not.toContain(key);
  });

  it('serves what it stored after s3rver and the client restart on the same directory', async () => {
    const small = 'projects/2/images/00000000-0000-4000-8000-000000000005';
    const large = 'projects/2/files/00000000-0000-4000-8000-000000000006';
    const big = patterned(S3_PART_BYTES + 1);
    await storage.put(small, streamOf(PNG_1PX), 'image/png');
    await storage.put(large, streamOf(big), 'application/pdf');

    storage.close();
    await s3.close();
    s3 = await startS3rver(directory);
    storage = storageOn(s3);

    expect((await readAll(await storage.get(small)))?.equals(PNG_1PX)).toBe(true);
    expect((await readAll(await storage.get(large)))?.equals(big)).toBe(true);
    expect(await readRange(storage, large, { start: S3_PART_BYTES, end: S3_PART_BYTES })).toEqual({ range: { start: S3_PART_BYTES, end: S3_PART_BYTES }, bytes: big.subarray(S3_PART_BYTES) });
    const listed = new Map<string, Date | undefined>();
    for await (const object of storage.list()) listed.set(object.key, object.lastModified);
    expect([...listed.keys()]).toEqual(expect.arrayContaining([small, large]));
    expect(listed.get(large)).toBeInstanceOf(Date);
    await storage.delete(large);
    expect(await storage.get(large)).toBeNull();
  });
});

describe('the portal with S3 storage (s3rver)', () => {
  let directory: string;
  let s3: S3rverHandle;
  let t: TestApp;
  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'sunin-s3rver-'));
    s3 = await startS3rver(directory);
    t = await createTestApp({
      ...S3_TEST_ENV,
      S3_ENDPOINT: s3.endpoint,
      // Above one 5 MiB part, so a file near the limit goes up as a multipart upload.
      UPLOAD_MAX_BYTES: String(7 * MIB),
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function newProject(auth: { authorization: string }, name: string): Promise<number> {
    return (await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: name } } })).json().projectId;
  }

  it('uploads a photo to the bucket, serves it whole and in ranges, and deletes it', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const { auth } = await t.signIn();
    const projectId = await newProject(auth, 'S3 Co');
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(201);
    const url: string = uploaded.json().url;
    const keys: string[] = [];
    for await (const listed of t.app.ctx.storage.list()) keys.push(listed.key);
    const key = keys.find((candidate) => candidate.startsWith(`projects/${projectId}/images/`));
    expect(key).toMatch(new RegExp(`^projects/${projectId}/images/[0-9a-f-]{36}$`));

    const whole = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(PNG_1PX)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url, headers: { ...auth, range: 'bytes=8-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${PNG_1PX.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect(part.rawPayload.equals(PNG_1PX.subarray(8, 16))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { ...auth, range: 'bytes=-4' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(PNG_1PX.subarray(-4))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url, headers: { ...auth, range: `bytes=${PNG_1PX.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${PNG_1PX.length}`);
    expect(past.json().error.code).toBe('range_not_satisfiable');
    // The suffix range reaches the bucket as explicit offsets: s3rver reads `bytes=-4` as the
    // first five bytes, where S3 (and HTTP) mean the last four.
    expect(requestsFor(s3, key!).filter((r) => r.method === 'GET').map((r) => r.range)).toEqual([
      undefined,
      'bytes=8-15',
      `bytes=${PNG_1PX.length - 4}-${PNG_1PX.length - 1}`,
    ]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/images/${uploaded.json().id}`, headers: auth, payload: { source: 'active_storage' } });
    expect(removed.statusCode).toBe(204);
    expect(await t.app.ctx.storage.get(key!)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
  });

  it('sends the whole file with 200 when the store ignores a range', async () => {
    const { auth } = await t.signIn();
    const projectId = await newProject(auth, 'S3 Whole Co');
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    const url: string = (await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload })).json().url;
    const expectWhole = (answer: Awaited<ReturnType<typeof t.app.inject>>) => {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-range']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(PNG_1PX.length));
      expect(answer.rawPayload.equals(PNG_1PX)).toBe(true);
    };
    // s3rver answers the first byte with the whole object (a Content-Range naming all of it).
    expectWhole(await t.app.inject({ method: 'GET', url, headers: { ...auth, range: 'bytes=0-0' } }));
    s3.rewriteRange = () => undefined;
    try {
      expectWhole(await t.app.inject({ method: 'GET', url, headers: { ...auth, range: 'bytes=8-15' } }));
    } finally {
      s3.rewriteRange = (range) => range;
    }
  });

  it('streams a file longer than one part as a multipart upload, and refuses one over the limit with 413, storing nothing', async () => {
    const { auth } = await t.signIn();
    const projectId = await newProject(auth, 'S3 Big Co');
    const pdf = (size: number) => Buffer.concat([PDF_MINIMAL, patterned(size - PDF_MINIMAL.length)]);
    const send = (data: Buffer) => {
      const body = multipartBody([{ field: 'file', filename: 'plans.pdf', contentType: 'application/pdf', data }]);
      return t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/files`, headers: { ...auth, ...body.headers }, payload: body.payload });
    };
    const big = pdf(6 * MIB + 123);
    const stored = await send(big);
    expect(stored.statusCode).toBe(201);
    expect(stored.json().byte_size).toBe(big.length);
    const storedKeys: string[] = [];
    for await (const listed of t.app.ctx.storage.list()) if (listed.key.startsWith(`projects/${projectId}/`)) storedKeys.push(listed.key);
    expect(storedKeys).toHaveLength(1);
    expect(callsFor(s3, storedKeys[0]!)).toEqual(['POST uploads', 'PUT partNumber=1 uploadId', 'PUT partNumber=2 uploadId', 'POST uploadId']);
    const download = await t.app.inject({ method: 'GET', url: stored.json().url, headers: auth });
    expect(download.rawPayload.equals(big)).toBe(true);

    const tooBig = await send(pdf(7 * MIB + 100 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('payload_too_large');
    const after: string[] = [];
    for await (const listed of t.app.ctx.storage.list()) if (listed.key.startsWith(`projects/${projectId}/`)) after.push(listed.key);
    expect(after).toEqual(storedKeys);
  });

  it('sweeps objects no row references once older than the grace, keeping referenced, young and foreign ones', async () => {
    const { auth } = await t.signIn();
    const projectId = await newProject(auth, 'S3 Sweep Co');
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload })).statusCode).toBe(201);
    const ofProject = async () => {
      const keys: string[] = [];
      for await (const listed of t.app.ctx.storage.list()) if (listed.key.startsWith(`projects/${projectId}/`) || listed.key.startsWith('backups/')) keys.push(listed.key);
      return keys.sort();
    };
    const [referenced] = await ofProject();
    const stale = `projects/${projectId}/files/00000000-0000-4000-8000-000000000001`;
    const young = `projects/${projectId}/files/00000000-0000-4000-8000-000000000002`;
    const foreign = 'backups/db-dump';
    for (const key of [stale, young, foreign]) await t.app.ctx.storage.put(key, streamOf(PNG_1PX), 'application/octet-stream');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of [referenced!, stale, foreign]) await s3.age(key, old);

    const result = await sweepOrphanFiles(t.db, t.app.ctx.storage, { graceMs: 60 * 60 * 1000 });
    expect(result).toEqual({ orphans: [stale], temporaryFiles: 0 });
    expect(await ofProject()).toEqual([referenced, young, foreign].sort());
  });
});
