import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, LOGO_MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { INCOMPLETE_BODY_MESSAGE, meterError, type UploadSource } from '../projects/attachments.service.js';
import { feedMeter, readHead, SNIFF_BYTES, UploadMeter } from '../projects/upload-stream.js';
import { userChanged } from '../auth/sessions.service.js';

/**
 * The partner's logo (issue 36 item 2), shown on their customer links: PNG, JPEG or WebP by its
 * bytes (the name and declared type are ignored), at most LOGO_MAX_BYTES, malware-scanned as it
 * streams (the attachments' meter), stored under `logos/{uuid}`. A new logo replaces the old,
 * whose bytes go once the row no longer names them; the storage sweep never touches `logos/`.
 */
export async function uploadLogo(ctx: AppContext, user: UserRow, upload: UploadSource): Promise<UserRow> {
  const file = await upload.open();
  const where = { key: '', userId: user.id };
  const start = await readHead(file.stream, SNIFF_BYTES).catch(() => {
    throw new AppError('bad_request', INCOMPLETE_BODY_MESSAGE);
  });
  const detected = await fileTypeFromBuffer(start.bytes);
  if (!detected || !(LOGO_CONTENT_TYPES as readonly string[]).includes(detected.mime)) {
    file.stream.destroy();
    throw new AppError('unsupported_media_type', LOGO_MESSAGES.wrongType, { file: LOGO_MESSAGES.wrongType });
  }
  const key = `logos/${randomUUID()}`;
  const meter = new UploadMeter(file.stream, LOGO_MAX_BYTES, ctx.malwareScanner.startScan());
  feedMeter(meter, file.stream, start);
  try {
    await ctx.storage.put(key, meter, detected.mime);
  } catch (error) {
    const refused = meterError(ctx, meter.failure, { ...where, key }, LOGO_MAX_BYTES);
    if (refused?.code === 'payload_too_large') throw new AppError('payload_too_large', LOGO_MESSAGES.tooLarge, { file: LOGO_MESSAGES.tooLarge });
    throw refused ?? error;
  }
  let previous: string | null = null;
  let updated: UserRow | undefined;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select({ logo_key: users.logo_key }).from(users).where(eq(users.id, user.id)).limit(1).for('update');
      previous = current?.logo_key ?? null;
      const [row] = await tx.update(users).set({ logo_key: key, logo_content_type: detected.mime, logo_updated_at: new Date(), updated_at: new Date() }).where(eq(users.id, user.id)).returning();
      return row;
    });
  } catch (error) {
    await removeBytes(ctx, key);
    throw error;
  }
  if (!updated) {
    await removeBytes(ctx, key);
    throw new AppError('not_found', 'User not found.');
  }
  if (previous) await removeBytes(ctx, previous);
  await userChanged(ctx, [user.id]);
  return updated;
}

/** GET /api/user/logo: the signed-in partner's own logo; 404 without one. */
export async function openOwnLogo(ctx: AppContext, user: UserRow): Promise<{ stream: Readable; contentType: string }> {
  const [row] = await ctx.db.select({ key: users.logo_key, type: users.logo_content_type }).from(users).where(eq(users.id, user.id)).limit(1);
  const stream = row?.key ? await ctx.storage.get(row.key) : null;
  if (!row?.key || !stream) throw new AppError('not_found', 'You have no logo.');
  return { stream, contentType: row.type ?? 'application/octet-stream' };
}

/** DELETE /api/user/logo: the row first, the bytes after (204 also without a logo). */
export async function deleteLogo(ctx: AppContext, user: UserRow): Promise<void> {
  const previous = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ logo_key: users.logo_key }).from(users).where(eq(users.id, user.id)).limit(1).for('update');
    if (!current?.logo_key) return null;
    await tx.update(users).set({ logo_key: null, logo_content_type: null, logo_updated_at: null, updated_at: new Date() }).where(eq(users.id, user.id));
    return current.logo_key;
  });
  if (!previous) return;
  await removeBytes(ctx, previous);
  await userChanged(ctx, [user.id]);
}

async function removeBytes(ctx: AppContext, key: string): Promise<void> {
  await ctx.storage.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, 'could not remove logo bytes'));
}
