import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';
import { assertStorageKey, type ByteRange, type FileStorage, type StoredObject } from './storage.js';

export const S3_PART_BYTES = 5 * 1024 * 1024;

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

  /**
   * A range is sent as an explicit `bytes=start-end` (no suffix form), and the answer's
   * Content-Range must name exactly those bytes: a store that sends others (s3rver sends the
   * whole object for `bytes=0-0`) fails here rather than under a Content-Length it breaks.
   */
  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const body = (result.Body as Readable | undefined) ?? null;
      if (range && body && !result.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
        body.destroy();
        throw new Error(`The store answered ${JSON.stringify(result.ContentRange)} for bytes ${range.start}-${range.end} of ${key}`);
      }
      return body;
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
