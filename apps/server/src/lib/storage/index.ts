import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

export type { FileStorage } from './storage.js';

export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.storageDir);
}
