import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback, type Writable } from 'node:stream';
import type { MalwareScan } from '../../lib/malware-scanner.js';

/**
 * The file stream of one multipart part (busboy's): it stops handing over bytes at the size
 * limit, emits 'limit' and sets `truncated`, then ends as if nothing happened.
 */
export type UploadFileStream = Readable & { truncated?: boolean };

/** Enough for file-type to recognise every type we accept (its own sample size is 4100 bytes). */
export const SNIFF_BYTES = 4100;

/** The first bytes of a file; `ended` when the file ended within them. */
export interface FileStart {
  bytes: Buffer;
  ended: boolean;
}

/**
 * Reads at least the first `size` bytes (all of a shorter file) and stops reading, leaving the
 * rest in the stream. Nothing is put back: the caller sends these bytes on first and then
 * the rest of the stream (`feedMeter`).
 */
export function readHead(stream: Readable, size: number): Promise<FileStart> {
  if (stream.destroyed) return Promise.reject(new Error('The upload stream closed before its first bytes were read.'));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (error: Error | undefined, ended: boolean) => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve({ bytes: Buffer.concat(chunks), ended });
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < size && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= size) finish(undefined, false);
    };
    const onEnd = () => finish(undefined, true);
    const onError = (error: Error) => finish(error, false);
    const onClose = () => finish(new Error('The upload stream closed before its first bytes were read.'), false);
    stream.on('readable', onReadable);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}

/**
 * Sends the first bytes already read and then the rest of the file through the meter, by way of
 * `transform` when there is one (a photo's metadata stripper: the meter then counts, hashes and
 * scans the bytes that are stored). A failing source fails the meter; a failing transform (a
 * damaged image) fails it as unreadable; a meter that stops (limit, scan) stops the source,
 * which makes busboy stop handing over the part.
 */
export function feedMeter(meter: UploadMeter, source: UploadFileStream, start: FileStart, transform?: Transform): void {
  const entry: Writable = transform ?? meter;
  if (transform) {
    transform.on('error', (error) => meter.unreadable(error));
    meter.once('close', () => transform.destroy());
    transform.pipe(meter);
  }
  if (start.ended) {
    entry.end(start.bytes);
    return;
  }
  entry.write(start.bytes);
  source.once('error', (error) => meter.sourceFailed(error));
  meter.once('close', () => {
    if (!source.readableEnded) source.destroy();
  });
  source.pipe(entry);
}

/** Why the meter stopped the stream; the service turns each into its answer. */
export type MeterFailure =
  | { reason: 'too_large' }
  | { reason: 'infected'; signature: string }
  | { reason: 'scan_failed'; error: Error }
  /** The body broke off (cut multipart, the client went away). */
  | { reason: 'body_failed'; error: Error }
  /** The file's own structure is broken (a photo the metadata stripper could not parse). */
  | { reason: 'unreadable'; error: Error };

/**
 * Between the file stream and storage: counts and hashes every byte (sha256 checksum), feeds
 * the malware scan as the bytes pass (back-pressure from both), fails the stream the moment
 * the file goes over the limit, and before the stream ends asks the scan for its verdict, so
 * storage never gives a flagged or cut file its final name.
 */
export class UploadMeter extends Transform {
  bytes = 0;
  failure: MeterFailure | undefined;
  private readonly hash = createHash('sha256');

  constructor(
    private readonly source: UploadFileStream,
    private readonly maxBytes: number,
    private readonly scan: MalwareScan | undefined,
  ) {
    super();
    // The limit is reached while busboy still reads the rest of the part: stop at once.
    source.once('limit', () => this.stop({ reason: 'too_large' }));
    // Whoever consumes the meter (storage) sees it fail; `failure` says why. Until storage has
    // attached its own listener, an early stop must not be an unhandled 'error'.
    this.on('error', () => {});
  }

  /** The body broke off while the file was being read. */
  sourceFailed(error: Error): void {
    this.stop({ reason: 'body_failed', error });
  }

  /** The transform before the meter could not read the file. */
  unreadable(error: Error): void {
    this.stop({ reason: 'unreadable', error });
  }

  get checksum(): string {
    return this.hash.copy().digest('hex');
  }

  private stop(failure: MeterFailure): void {
    this.failure ??= failure;
    this.destroy(new Error(`upload stopped: ${failure.reason}`));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes || this.source.truncated) {
      this.stop({ reason: 'too_large' });
      return callback();
    }
    this.hash.update(chunk);
    if (!this.scan) return callback(null, chunk);
    this.scan.write(chunk).then(
      () => callback(null, chunk),
      (error: unknown) => {
        this.stop({ reason: 'scan_failed', error: error as Error });
        callback();
      },
    );
  }

  /**
   * The end of the file. busboy sets `truncated` before it ends the stream, so a file cut at
   * the limit is caught here even when no byte past the limit was ever handed over (the case
   * @fastify/multipart's toBuffer() missed).
   */
  override _flush(callback: TransformCallback): void {
    if (this.source.truncated) {
      this.stop({ reason: 'too_large' });
      return callback();
    }
    if (!this.scan) return callback();
    this.scan.finish().then(
      (verdict) => {
        if (verdict.infected) this.stop({ reason: 'infected', signature: verdict.signature });
        callback();
      },
      (error: unknown) => {
        this.stop({ reason: 'scan_failed', error: error as Error });
        callback();
      },
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Harmless after a verdict; otherwise it frees clamd's connection at once.
    this.scan?.abort();
    callback(error);
  }
}
