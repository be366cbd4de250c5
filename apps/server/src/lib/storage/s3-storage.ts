import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { assertStorageKey, type ByteRange, type FileStorage, type RangeRead, type StoredObject } from './storage.js';

export const S3_PART_BYTES = 5 * 1024 * 1024;
/** `bytes first-last/complete-length` (RFC 9110 14.4); the length may be `*`. */
const CONTENT_RANGE = /^bytes (\d+)-(\d+)\/(\d+|\*)$/;

/** Any S3-compatible object store (AWS S3, MinIO, R2...) named by S3_BUCKET and S3_ENDPOINT. */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: NonNullable<Config['s3']>) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Plain checksums only when required: many S3-compatible stores reject the SDK's default
      // flexible-checksum headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  /**
   * A stream of unknown length: lib-storage's Upload sends one PutObject when it ends within
   * the first part, a multipart upload otherwise (aborted if the stream fails, so no object
   * appears). One part of 5 MiB (S3's smallest) in memory at a time per upload.
   */
  async put(key: string, body: Readable, contentType: string): Promise<void> {
    assertStorageKey(key);
    // When the abort itself fails, Upload throws the abort's error in place of the stream's:
    // the stream's own failure (over the limit, flagged by the scan) is kept here to report it.
    // The parts such an upload leaves are the bucket's AbortIncompleteMultipartUpload rule's
    // to remove (docs/decisions/056).
    let streamFailure: Error | undefined;
    const onStreamError = (error: Error) => {
      streamFailure ??= error;
    };
    body.on('error', onStreamError);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      queueSize: 1,
      partSize: S3_PART_BYTES,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw streamFailure ?? error;
    } finally {
      body.off('error', onStreamError);
    }
  }

  async get(key: string): Promise<Readable | null> {
    return (await this.getObject(key))?.stream ?? null;
  }

  /**
   * A range is sent as an explicit `bytes=start-end` (no suffix form). A store may ignore it, as
   * HTTP allows: an answer without Content-Range (a 200), or whose Content-Range is the whole
   * object (s3rver's for `bytes=0-0`), is the whole object, reported as such so that the caller
   * sends it with 200. A Content-Range naming other bytes fails here rather than under a
   * Content-Length it would break.
   */
  async getRange(key: string, range: ByteRange): Promise<RangeRead | null> {
    const answer = await this.getObject(key, `bytes=${range.start}-${range.end}`);
    if (!answer) return null;
    const { stream, contentRange } = answer;
    if (contentRange === undefined) return { stream, range: undefined };
    // A `*` length reads as NaN and matches no whole object.
    const [, start, end, size] = (CONTENT_RANGE.exec(contentRange) ?? []).map(Number);
    if (start === range.start && end === range.end) return { stream, range };
    if (start === 0 && size !== undefined && end === size - 1) return { stream, range: undefined };
    stream.destroy();
    throw new Error(`The store answered ${JSON.stringify(contentRange)} for bytes ${range.start}-${range.end} of ${key}`);
  }

  private async getObject(key: string, range?: string): Promise<{ stream: Readable; contentRange: string | undefined } | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: range } : {}) }));
      const stream = result.Body as Readable | undefined;
      return stream ? { stream, contentRange: result.ContentRange } : null;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, lastModified: item.LastModified };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
