import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { storedFiles, type StoredFileKind, type StoredFileRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findProject, findWritableProject, touchProject, type ProjectScope } from './project-access.js';

/** What each kind accepts, judged by the bytes themselves, never by the name or declared type. */
const ACCEPTED: Record<StoredFileKind, { types: readonly string[]; message: string }> = {
  image: { types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], message: 'Photos must be PNG, JPEG, GIF or WebP images.' },
  file: { types: ['application/pdf'], message: 'Files must be PDF documents.' },
};

export const ATTACHMENT_ROUTES: Record<StoredFileKind, string> = { image: 'images', file: 'files' };

/**
 * The original name is kept for display and Content-Disposition only: any path is dropped,
 * control characters removed, length capped. It never names anything on disk.
 */
export function safeDisplayName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '').trim().slice(0, 200);
  return cleaned || fallback;
}

/** The extensions each stored type may be saved under. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/**
 * The shown name ends in an extension of the sniffed type: a PNG named `page.html` becomes
 * `page.html.png`, so a downloaded polyglot never opens as a web page on the member's computer.
 */
export function withTypeExtension(name: string, contentType: string): string {
  const allowed = EXTENSIONS[contentType];
  if (!allowed) return name;
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return extension && allowed.includes(extension) ? name : `${name.slice(0, 195)}.${allowed[0]}`;
}

export async function listAttachments(ctx: AppContext, scope: ProjectScope, projectId: number, kind: StoredFileKind): Promise<StoredFileRow[]> {
  await findProject(ctx.db, scope, projectId);
  return ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.project_id, projectId), eq(storedFiles.kind, kind)))
    .orderBy(asc(storedFiles.id));
}

export async function uploadAttachment(
  ctx: AppContext,
  scope: ProjectScope,
  projectId: number,
  kind: StoredFileKind,
  upload: { filename: string | undefined; data: Buffer },
): Promise<StoredFileRow> {
  const project = await findWritableProject(ctx.db, scope, projectId);
  const detected = await fileTypeFromBuffer(upload.data);
  const accepted = ACCEPTED[kind];
  if (!detected || !accepted.types.includes(detected.mime)) {
    throw new AppError('unsupported_media_type', accepted.message, { file: accepted.message });
  }
  const key = `projects/${project.id}/${ATTACHMENT_ROUTES[kind]}/${randomUUID()}`;
  const name = withTypeExtension(safeDisplayName(upload.filename, `${kind === 'image' ? 'photo' : 'document'}.${detected.ext}`), detected.mime);
  // Bytes first, then the row; if the row cannot be written the bytes are removed again, so a
  // failed upload leaves neither a row nor a stray file.
  await ctx.storage.put(key, upload.data, detected.mime);
  try {
    return await ctx.db.transaction(async (tx) => {
      await findWritableProject(tx, scope, projectId);
      const [row] = await tx
        .insert(storedFiles)
        .values({
          project_id: project.id,
          kind,
          name,
          content_type: detected.mime,
          byte_size: upload.data.length,
          checksum: createHash('sha256').update(upload.data).digest('hex'),
          storage_key: key,
        })
        .returning();
      await touchProject(tx, project.id);
      if (!row) throw new Error('insert returned no row');
      return row;
    });
  } catch (error) {
    await ctx.storage.delete(key).catch((cleanup: unknown) => ctx.log.error({ err: cleanup, key }, 'could not remove the bytes of a failed upload'));
    throw error;
  }
}

async function findAttachment(ctx: AppContext, projectId: number, kind: StoredFileKind, id: number): Promise<StoredFileRow> {
  const [row] = await ctx.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.project_id, projectId), eq(storedFiles.kind, kind)))
    .limit(1);
  if (!row) throw new AppError('not_found', `${kind === 'image' ? 'Photo' : 'File'} not found.`);
  return row;
}

export async function openAttachment(
  ctx: AppContext,
  scope: ProjectScope,
  projectId: number,
  kind: StoredFileKind,
  id: number,
): Promise<{ row: StoredFileRow; stream: Readable }> {
  await findProject(ctx.db, scope, projectId);
  const row = await findAttachment(ctx, projectId, kind, id);
  const stream = await ctx.storage.get(row.storage_key);
  if (!stream) {
    ctx.log.error({ key: row.storage_key, id }, 'stored file has no bytes');
    throw new AppError('not_found', 'The stored file is missing.');
  }
  return { row, stream };
}

/** The row goes first (in a transaction); the bytes after. A failed byte removal is only logged. */
export async function deleteAttachment(ctx: AppContext, scope: ProjectScope, projectId: number, kind: StoredFileKind, id: number): Promise<void> {
  const key = await ctx.db.transaction(async (tx) => {
    await findWritableProject(tx, scope, projectId);
    const [row] = await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.project_id, projectId), eq(storedFiles.kind, kind)))
      .returning({ key: storedFiles.storage_key });
    if (!row) throw new AppError('not_found', `${kind === 'image' ? 'Photo' : 'File'} not found.`);
    await touchProject(tx, projectId);
    return row.key;
  });
  await ctx.storage.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, 'could not remove stored bytes'));
}

/** The admin area may rename a stored file (its display name only; the bytes stay where they are). */
export async function renameAttachment(ctx: AppContext, scope: ProjectScope, projectId: number, kind: StoredFileKind, id: number, name: string): Promise<StoredFileRow> {
  return ctx.db.transaction(async (tx) => {
    await findWritableProject(tx, scope, projectId);
    const [current] = await tx
      .select({ content_type: storedFiles.content_type })
      .from(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.project_id, projectId), eq(storedFiles.kind, kind)))
      .limit(1);
    if (!current) throw new AppError('not_found', `${kind === 'image' ? 'Photo' : 'File'} not found.`);
    const [row] = await tx
      .update(storedFiles)
      .set({ name: withTypeExtension(safeDisplayName(name, 'file'), current.content_type) })
      .where(and(eq(storedFiles.id, id), eq(storedFiles.project_id, projectId), eq(storedFiles.kind, kind)))
      .returning();
    if (!row) throw new AppError('not_found', `${kind === 'image' ? 'Photo' : 'File'} not found.`);
    return row;
  });
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 original name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
