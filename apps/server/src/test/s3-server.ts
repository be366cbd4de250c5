import { utimes } from 'node:fs/promises';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_TEST_BUCKET = 'sunin-test';
/**
 * s3rver knows one account, key id S3RVER, and refuses any other (InvalidAccessKeyId). It does
 * not check SigV4 signatures at all, so a wrong secret passes here where S3 answers 403
 * SignatureDoesNotMatch: these tests prove the requests are signed, not that the secret is right.
 */
export const S3_TEST_ENV = { S3_BUCKET: S3_TEST_BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3Request {
  method: string;
  /** The path, e.g. `/sunin-test/projects/1/files/<uuid>`. */
  path: string;
  /**
   * The S3 operation's query parameters, e.g. `uploads` or `partNumber=1 uploadId` (only the
   * part number's value is kept; the SDK's `x-id` operation names are left out).
   */
  query: string;
  authorization: string | undefined;
  range: string | undefined;
  /** The status s3rver answered (set once the answer is sent). */
  status?: number;
}

/**
 * s3rver (an S3-compatible server written for Node) on 127.0.0.1 and a free port, keeping its
 * objects as files under `directory`, with the test bucket made. Starting another on the same
 * directory after close() is a restart: it serves what the first one stored.
 */
export async function startS3rver(directory: string) {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_TEST_BUCKET }] });
  const { address, port } = await server.run();
  const requests: S3Request[] = [];
  const handle = {
    /**
     * What s3rver is told of each Range header the client sent (recorded as sent): undefined
     * drops it, as a store that ignores ranges would. s3rver checks no signature, so the change
     * passes where S3 would refuse it.
     */
    rewriteRange: (range: string): string | undefined => range,
  };
  server.httpServer?.prependListener('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3rver');
    const query = [...url.searchParams].filter(([name]) => name !== 'x-id').map(([name, value]) => (name === 'partNumber' ? `${name}=${value}` : name));
    const request: S3Request = { method: req.method ?? '', path: decodeURIComponent(url.pathname), query: query.join(' '), authorization: req.headers.authorization, range: req.headers.range };
    requests.push(request);
    if (req.headers.range !== undefined) {
      const rewritten = handle.rewriteRange(req.headers.range);
      if (rewritten === undefined) delete req.headers.range;
      else req.headers.range = rewritten;
    }
    res.on('finish', () => (request.status = res.statusCode));
  });
  return Object.assign(handle, {
    endpoint: `http://127.0.0.1:${port}`,
    /** Where it listens: loopback only. */
    address,
    port,
    requests,
    /**
     * Makes an object look written at `when`. s3rver reports a file's mtime as LastModified, so
     * the sweep's grace can be tested without waiting; S3 sets LastModified itself.
     */
    async age(key: string, when: Date): Promise<void> {
      const parts = key.split('/');
      const file = path.join(directory, S3_TEST_BUCKET, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      await utimes(file, when, when);
    },
    close: () => server.close(),
  });
}
export type S3rverHandle = Awaited<ReturnType<typeof startS3rver>>;
