import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import type { FileStorage } from './storage.js';

export type { ByteRange, FileStorage } from './storage.js';
export { resolveByteRange } from './byte-range.js';

/** S3 when S3_BUCKET is set (its SDK loaded only then: issue 19 item 7), the data directory otherwise. */
export async function createStorage(config: Config): Promise<FileStorage> {
  if (!config.s3) return new LocalStorage(config.storageDir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(config.s3);
}
