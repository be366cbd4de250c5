import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { storedFiles } from '../../db/schema/index.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { sweepOrphanIntervalImports } from '../usage/interval-imports.js';

/**
 * Only keys the upload service generates are ever swept; anything else in a shared bucket is
 * left alone, the partners' logos (`logos/`, named by users.logo_key) and the signed documents
 * (`signatures/`, named by share_signatures) included (issue 36).
 */
const UPLOAD_KEY = /^projects\/\d+\/(?:images|files)\/[0-9a-f-]{36}$/;
const BATCH = 500;
/** After the start-up sweep, once an hour: listing the store is cheap at that rate. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** An interval import no save named within a day was abandoned (docs/decisions/039). */
export const INTERVAL_IMPORT_GRACE_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  /** Stored objects no row pointed at, now deleted. */
  orphans: string[];
  /** Temporary files of interrupted writes, now deleted. */
  temporaryFiles: number;
}

/**
 * Uploads write the bytes first and the row after (docs/decisions/003), so a process killed
 * between the two leaves bytes no row points at. This deletes such objects, and temporary
 * files of interrupted writes, once they are older than `graceMs`: a younger object may be
 * the upload another live process is about to commit (docs/decisions/006).
 */
export async function sweepOrphanFiles(db: Executor, storage: FileStorage, options: { graceMs: number; now?: Date }): Promise<SweepResult> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  const orphans: string[] = [];
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keys = batch;
    batch = [];
    const rows = await db.select({ key: storedFiles.storage_key }).from(storedFiles).where(inArray(storedFiles.storage_key, keys));
    const referenced = new Set(rows.map((row) => row.key));
    for (const key of keys) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      orphans.push(key);
    }
  };
  for await (const object of storage.list()) {
    if (!UPLOAD_KEY.test(object.key) || !object.lastModified || object.lastModified >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  const temporaryFiles = storage.removeTemporaryFiles ? await storage.removeTemporaryFiles(cutoff) : 0;
  return { orphans, temporaryFiles };
}

/**
 * Sweeps at once and then every SWEEP_INTERVAL_MS (docs/decisions/006), in one process of the
 * cluster at a time (docs/decisions/008), with the interval imports no meter named (issue 35
 * item 3). Returns the stop function.
 */
export function scheduleStorageSweep(ctx: AppContext, locks: ClusterLocks): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'storage-sweep',
    async () => {
      const result = await sweepOrphanFiles(ctx.db, ctx.storage, { graceMs: ctx.config.orphanSweepGraceMs });
      if (result.orphans.length > 0 || result.temporaryFiles > 0) {
        ctx.log.warn({ orphans: result.orphans.length, temporaryFiles: result.temporaryFiles }, 'storage sweep removed unreferenced files');
      }
      const intervalImports = await sweepOrphanIntervalImports(ctx.db, new Date(Date.now() - INTERVAL_IMPORT_GRACE_MS));
      if (intervalImports > 0) ctx.log.info({ intervalImports }, 'storage sweep removed interval imports no meter named');
    },
    SWEEP_INTERVAL_MS,
    (error) => ctx.log.error({ err: error }, 'storage sweep failed'),
  );
}
