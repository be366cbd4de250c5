import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { assertStorageKey, type ByteRange, type FileStorage, type RangeRead, type StoredObject } from './storage.js';

const TEMPORARY_SUFFIX = '.partial';

/** Files under DATA_DIR/storage; a write lands under a temporary name and is renamed into place. */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** Streamed into `<target>.<uuid>.partial`, renamed into place once complete, removed if not. */
  async put(key: string, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}${TEMPORARY_SUFFIX}`;
    try {
      await pipeline(body, createWriteStream(temporary, { mode: 0o600, flags: 'wx' }));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable | null> {
    return this.read(key);
  }

  async getRange(key: string, range: ByteRange): Promise<RangeRead | null> {
    const stream = await this.read(key, range);
    return stream && { stream, range };
  }

  private async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const target = this.pathOf(key);
    try {
      await stat(target);
    } catch {
      return null;
    }
    return createReadStream(target, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    for await (const file of this.walk()) {
      if (!file.name.endsWith(TEMPORARY_SUFFIX)) yield { key: file.key, lastModified: file.modified };
    }
  }

  /** A `.partial` file is a write that never reached its rename (the process died mid-write). */
  async removeTemporaryFiles(olderThan: Date): Promise<number> {
    let removed = 0;
    for await (const file of this.walk()) {
      if (file.name.endsWith(TEMPORARY_SUFFIX) && file.modified !== undefined && file.modified < olderThan) {
        await rm(file.path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async *walk(): AsyncGenerator<{ key: string; name: string; path: string; modified: Date | undefined }> {
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<{ key: string; name: string; path: string; modified: Date | undefined }> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full, key);
        else {
          // A file removed since the directory was read is simply skipped.
          const modified = await stat(full).then((info) => info.mtime, () => undefined);
          if (modified) yield { key, name: entry.name, path: full, modified };
        }
      }
    };
    yield* walk(this.root, '');
  }
}
