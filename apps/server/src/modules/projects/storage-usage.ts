import { formatStorageSize, type StorageUsage } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { projects, storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The storage quota (STORAGE_QUOTA_BYTES_PER_USER, issue 13): the bytes of every photo and
 * file under a member's projects. It belongs to the project's owner, whoever uploads: an admin
 * adding a file to a member's project uses that member's room.
 */
export async function storageUsedBy(db: Executor, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string | number | null>`sum(${storedFiles.byte_size})` })
    .from(storedFiles)
    .innerJoin(projects, eq(projects.id, storedFiles.project_id))
    .where(eq(projects.user_id, ownerId));
  return Number(row?.used ?? 0);
}

export async function getStorageUsage(ctx: AppContext, userId: number): Promise<StorageUsage> {
  return { used_bytes: await storageUsedBy(ctx.db, userId), quota_bytes: ctx.config.storageQuotaBytesPerUser };
}

/** An arbitrary class id for the two-key advisory lock form; the second key is the owner. */
const QUOTA_LOCK_CLASS = 72_210_013;

/**
 * Serialises the final quota check of one owner's uploads (across processes) until the
 * transaction ends, so parallel uploads cannot each see room that only one of them may take.
 */
export async function lockStorageUsage(tx: Executor, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, ${ownerId}::int)`);
}

/** 413 when `adding` more bytes would take the owner past the quota; the message names it. */
export function assertWithinQuota(used: number, adding: number, quota: number, whose: 'own' | 'owner'): void {
  if (used + adding <= quota) return;
  const storage = whose === 'own' ? 'your storage' : "the project owner's storage";
  const message = `This upload would take ${storage} past its ${formatStorageSize(quota)} limit (${formatStorageSize(used)} used). Delete photos or files you no longer need, then try again.`;
  throw new AppError('payload_too_large', message, { file: message });
}
