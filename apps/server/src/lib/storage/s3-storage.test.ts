import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PDF_MINIMAL, PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { sweepOrphanFiles } from '../../modules/projects/storage-sweep.js';

/** A stand-in for an S3-compatible store (path style): enough of the API for our calls, recording each request. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string; modified: Date }>();
  /** Multipart uploads in progress (lib-storage's Upload for a stream longer than one part). */
  const multipart = new Map<string, { key: string; type: string; parts: Map<number, Buffer> }>();
  let nextUploadId = 1;
  const requests: Array<{ method: string; path: string; authorization: string | undefined }> = [];
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket !== 'sunin-test') {
      res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = `upload-${nextUploadId++}`;
      multipart.set(id, { key, type: req.headers['content-type'] ?? '', parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><InitiateMultipartUploadResult><Bucket>sunin-test</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    } else if (uploadId) {
      const upload = multipart.get(uploadId);
      if (!upload) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchUpload</Code></Error>');
      } else if (req.method === 'PUT') {
        upload.parts.set(Number(url.searchParams.get('partNumber')), await read(req));
        res.writeHead(200, { etag: `"part-${url.searchParams.get('partNumber')}"` }).end();
      } else if (req.method === 'POST') {
        await read(req);
        const body = Buffer.concat([...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part));
        objects.set(upload.key, { body, type: upload.type, modified: new Date() });
        multipart.delete(uploadId);
        res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><CompleteMultipartUploadResult><Bucket>sunin-test</Bucket><Key>${upload.key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
      } else if (req.method === 'DELETE') {
        multipart.delete(uploadId);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    } else if (req.method === 'PUT') {
      objects.set(key, { body: await read(req), type: req.headers['content-type'] ?? '', modified: new Date() });
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      const contents = [...objects.keys()].map((k) => `<Contents><Key>${k}</Key><LastModified>${objects.get(k)?.modified.toISOString()}</LastModified><Size>${objects.get(k)?.body.length}</Size></Contents>`).join('');
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><ListBucketResult><Name>sunin-test</Name><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`);
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': object.type, 'content-length': String(object.body.length) }).end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return { server, objects, multipart, requests };
}

const MIB = 1024 * 1024;
const s3 = fakeS3();
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  const { port } = s3.server.address() as AddressInfo;
  t = await createTestApp({
    S3_BUCKET: 'sunin-test',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    // Above one 5 MiB part, so a file near the limit goes up as a multipart upload.
    UPLOAD_MAX_BYTES: String(7 * MIB),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => s3.server.close(resolve));
});

describe('S3-compatible storage', () => {
  it('puts, serves, lists and deletes uploads in the bucket, with signed requests', async () => {
    expect(t.app.ctx.storage.kind).toBe('s3');
    const { auth } = await t.signIn();
    const projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'S3 Co' } } })).json().projectId;
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(201);

    const [key] = [...s3.objects.keys()];
    expect(key).toMatch(new RegExp(`^projects/${projectId}/images/[0-9a-f-]{36}$`));
    expect(s3.objects.get(key!)?.body.equals(PNG_1PX)).toBe(true);
    const put = s3.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/sunin-test/${key}`);
    expect(put?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);

    const download = await t.app.inject({ method: 'GET', url: uploaded.json().url, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PNG_1PX)).toBe(true);

    const keys: string[] = [];
    for await (const listed of t.app.ctx.storage.list()) keys.push(listed.key);
    expect(keys).toEqual([key]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/images/${uploaded.json().id}`, headers: auth, payload: { source: 'active_storage' } });
    expect(removed.statusCode).toBe(204);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'GET', 'GET', 'DELETE']);
    expect(await t.app.ctx.storage.get(key!)).toBeNull();
  });

  it('sweeps objects no row references once older than the grace, keeping referenced, young and foreign ones', async () => {
    const { auth } = await t.signIn();
    const projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'S3 Sweep Co' } } })).json().projectId;
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload })).statusCode).toBe(201);
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const [referenced] = [...s3.objects.keys()];
    s3.objects.get(referenced!)!.modified = old;
    const stale = `projects/${projectId}/files/00000000-0000-4000-8000-000000000001`;
    const young = `projects/${projectId}/files/00000000-0000-4000-8000-000000000002`;
    s3.objects.set(stale, { body: PNG_1PX, type: 'image/png', modified: old });
    s3.objects.set(young, { body: PNG_1PX, type: 'image/png', modified: new Date() });
    s3.objects.set('backups/db.dump', { body: PNG_1PX, type: 'application/octet-stream', modified: old });

    const result = await sweepOrphanFiles(t.db, t.app.ctx.storage, { graceMs: 60 * 60 * 1000 });
    expect(result).toEqual({ orphans: [stale], temporaryFiles: 0 });
    expect([...s3.objects.keys()].sort()).toEqual([referenced, young, 'backups/db.dump'].sort());
  });

  it('streams a file longer than one part as a multipart upload, and aborts it, leaving no object, when the file goes over the limit', async () => {
    const { auth } = await t.signIn();
    const projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'S3 Big Co' } } })).json().projectId;
    const pdf = (size: number) => Buffer.concat([PDF_MINIMAL, Buffer.alloc(size - PDF_MINIMAL.length, 0x20)]);
    /** The body in two pieces with a pause after 6 MiB, so the first part is on its way before the rest arrives. */
    const send = (data: Buffer) => {
      const body = multipartBody([{ field: 'file', filename: 'plans.pdf', contentType: 'application/pdf', data }]);
      const paced = async function* () {
        yield body.payload.subarray(0, 6 * MIB);
        await new Promise((resolve) => setTimeout(resolve, 500));
        yield body.payload.subarray(6 * MIB);
      };
      return t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/files`, headers: { ...auth, ...body.headers }, payload: Readable.from(paced()) });
    };
    s3.requests.length = 0;
    const big = pdf(6 * MIB + 123);
    const stored = await send(big);
    expect(stored.statusCode).toBe(201);
    expect(stored.json().byte_size).toBe(big.length);
    const key = [...s3.objects.keys()].find((candidate) => candidate.startsWith(`projects/${projectId}/files/`));
    expect(s3.objects.get(key!)?.body.equals(big)).toBe(true);
    expect(s3.requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST', 'PUT', 'PUT', 'POST']);

    s3.requests.length = 0;
    const tooBig = await send(pdf(7 * MIB + 100 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('payload_too_large');
    // The first part went up before the limit was reached; the upload was then aborted.
    expect(s3.requests.map((r) => r.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(s3.multipart.size).toBe(0);
    expect([...s3.objects.keys()].filter((candidate) => candidate.startsWith(`projects/${projectId}/`))).toEqual([key]);
  });
});
