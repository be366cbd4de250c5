import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { formatStorageSize, photoFieldsSchema, SITE_VISIT_MESSAGES, type PhotoFields } from '@sunin/contract';
import { and, asc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation, type Executor } from '../../db/client.js';
import { storedFiles, type StoredFileKind, type StoredFileRow } from '../../db/schema/index.js';
import { AppError, RangeNotSatisfiable } from '../../lib/app-error.js';
import { resolveByteRange, type ByteRange } from '../../lib/storage/index.js';
import { findProject, findWritableProject, touchProject, type ProjectScope } from './project-access.js';
import { assertWithinQuota, lockStorageUsage, storageUsedBy } from './storage-usage.js';
import { feedMeter, readHead, SNIFF_BYTES, UploadMeter, type MeterFailure, type UploadFileStream } from './upload-stream.js';
import { diff, recordProjectEvent } from '../audit/audit.service.js';
import { metadataStripperFor } from './image-metadata.js';

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

/** One upload as the route hands it over: the body's declared size and a way to open the file. */
export interface UploadSource {
  /** The request's Content-Length (the file plus a little multipart framing), when sent. */
  declaredBytes: number | undefined;
  /**
   * Starts reading the multipart body; called only once the cheap checks have passed. `fields`
   * are the text fields sent before the file part (a photo's taken_at, latitude, longitude).
   */
  open(): Promise<{
    filename: string | undefined;
    stream: UploadFileStream;
    fields: Record<string, string>;
    /** Once the file has been read: the names of the parts that followed it, when the body has ended. */
    fieldsAfterFile?(): Promise<string[]>;
  }>;
}

/** What an upload made: the row, and whether it was already there (the same Idempotency-Key again). */
export interface UploadResult {
  row: StoredFileRow;
  replayed: boolean;
}

/** A photo's fields, checked before a byte of the file is stored: 422 with each field's message. */
/** A photo's own multipart fields: they must come before its file part. */
export const PHOTO_FIELD_NAMES: readonly string[] = ['taken_at', 'latitude', 'longitude'];
export const PHOTO_FIELDS_FIRST_MESSAGE = 'Send taken_at, latitude and longitude before the file.';

export function parsePhotoFields(fields: Record<string, string>): PhotoFields {
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
  const parsed = photoFieldsSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[String(issue.path[0] ?? 'file')] ??= issue.message;
  throw new AppError('validation_failed', Object.values(messages)[0] ?? 'Invalid photo fields.', messages);
}

/** The row an earlier upload with this Idempotency-Key made on the project, if any. */
async function findByClientRef(db: Executor, projectId: number, kind: StoredFileKind, clientRef: string): Promise<StoredFileRow | undefined> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.project_id, projectId), eq(storedFiles.client_ref, clientRef)))
    .limit(1);
  if (row && row.kind !== kind) throw new AppError('conflict', SITE_VISIT_MESSAGES.keyReused);
  return row;
}

/**
 * About what one file part's multipart framing takes (boundaries, part headers with a long
 * name): the body's declared size less this is about the file's size.
 */
export const MULTIPART_FRAMING_BYTES = 1024;

/** What a member is told when the file is over UPLOAD_MAX_BYTES. */
export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${formatStorageSize(maxBytes)}, the most one upload may be.`;
}

export const INCOMPLETE_BODY_MESSAGE = 'The upload is not a complete multipart/form-data body.';
export const MALWARE_MESSAGE = 'This file was flagged as malware and was not stored.';
export const SCANNER_UNAVAILABLE_MESSAGE = 'Uploads cannot be checked for malware right now, so nothing was stored. Please try again in a few minutes.';

/**
 * Streams one upload to storage (issue 13), never holding the whole file in memory:
 * 1. the project (404/402) and the owner's quota with the declared size (413) before a byte
 *    of the file is read;
 * 2. the type from the first bytes (415, nothing stored);
 * 3. the file through the meter (size, sha256, malware scan) into storage under a temporary
 *    name: over the limit 413, flagged 422, scanner away 503, and nothing stays behind;
 * 4. the row, in a transaction that holds the owner's quota lock and checks the real size.
 * Bytes first, then the row; the bytes are removed if the row fails (docs/decisions/003).
 * A photo's metadata is stripped on the way (image-metadata.ts), and its capture fields are
 * checked before its bytes are read (422). With a `clientRef` (the Idempotency-Key, issue 41),
 * an upload the project already has answers that row and stores nothing, also when two
 * copies race (the unique index decides).
 */
export async function uploadAttachment(ctx: AppContext, scope: ProjectScope, projectId: number, kind: StoredFileKind, upload: UploadSource, clientRef?: string): Promise<UploadResult> {
  const { uploadMaxBytes, storageQuotaBytesPerUser: quota } = ctx.config;
  const project = await findWritableProject(ctx.db, scope, projectId);
  if (clientRef) {
    const existing = await findByClientRef(ctx.db, project.id, kind, clientRef);
    if (existing) return { row: existing, replayed: true };
  }
  const whose = project.user_id === scope.user.id ? 'own' : 'owner';
  // A first look with the declared body less its framing (the file is about that big): a full
  // quota answers before anything is read. The check with the real size comes in step 4.
  const expected = upload.declaredBytes === undefined ? 1 : Math.max(1, Math.min(upload.declaredBytes - MULTIPART_FRAMING_BYTES, uploadMaxBytes));
  assertWithinQuota(await storageUsedBy(ctx.db, project.user_id), expected, quota, whose);

  const file = await upload.open();
  let photo: PhotoFields = {};
  try {
    if (kind === 'image') photo = parsePhotoFields(file.fields);
  } catch (error) {
    file.stream.destroy();
    throw error;
  }
  const start = await readHead(file.stream, SNIFF_BYTES).catch((error: unknown) => {
    throw meterError(ctx, { reason: 'body_failed', error: error as Error }, { key: '', userId: scope.user.id, projectId: project.id });
  });
  const detected = await fileTypeFromBuffer(start.bytes);
  const accepted = ACCEPTED[kind];
  if (!detected || !accepted.types.includes(detected.mime)) {
    file.stream.destroy();
    throw new AppError('unsupported_media_type', accepted.message, { file: accepted.message });
  }
  const key = `projects/${project.id}/${ATTACHMENT_ROUTES[kind]}/${randomUUID()}`;
  const name = withTypeExtension(safeDisplayName(file.filename, `${kind === 'image' ? 'photo' : 'document'}.${detected.ext}`), detected.mime);

  const meter = new UploadMeter(file.stream, uploadMaxBytes, ctx.malwareScanner.startScan());
  feedMeter(meter, file.stream, start, kind === 'image' ? metadataStripperFor(detected.mime) : undefined);
  try {
    await ctx.storage.put(key, meter, detected.mime);
  } catch (error) {
    throw meterError(ctx, meter.failure, { key, userId: scope.user.id, projectId: project.id }) ?? error;
  }

  // Fields sent after the file would be silently lost (the answer is decided by then over a
  // real connection): refuse the upload rather than store a photo without what was sent.
  const late = kind === 'image' && file.fieldsAfterFile ? (await file.fieldsAfterFile()).filter((name) => PHOTO_FIELD_NAMES.includes(name)) : [];
  if (late.length > 0) {
    await ctx.storage.delete(key).catch((cleanup: unknown) => ctx.log.error({ err: cleanup, key }, 'could not remove the bytes of a refused upload'));
    throw new AppError('validation_failed', PHOTO_FIELDS_FIRST_MESSAGE, Object.fromEntries(late.map((name) => [name, PHOTO_FIELDS_FIRST_MESSAGE])));
  }

  try {
    const row = await ctx.db.transaction(async (tx) => {
      await findWritableProject(tx, scope, projectId);
      // Parallel uploads of one owner (any process) check and insert one at a time.
      await lockStorageUsage(tx, project.user_id);
      assertWithinQuota(await storageUsedBy(tx, project.user_id), meter.bytes, quota, whose);
      const [row] = await tx
        .insert(storedFiles)
        .values({
          project_id: project.id,
          kind,
          name,
          content_type: detected.mime,
          byte_size: meter.bytes,
          checksum: meter.checksum,
          storage_key: key,
          taken_at: photo.taken_at ?? null,
          latitude: photo.latitude ?? null,
          longitude: photo.longitude ?? null,
          client_ref: clientRef ?? null,
        })
        .returning();
      await touchProject(tx, project.id);
      if (!row) throw new Error('insert returned no row');
      await auditFile(tx, scope, `${kind === 'image' ? 'photo' : 'file'}_uploaded`, row, null, row);
      return row;
    });
    return { row, replayed: false };
  } catch (error) {
    await ctx.storage.delete(key).catch((cleanup: unknown) => ctx.log.error({ err: cleanup, key }, 'could not remove the bytes of a failed upload'));
    // The same key raced in from another request (a retry while the first was still running).
    const raced = clientRef && isUniqueViolation(error) ? await findByClientRef(ctx.db, project.id, kind, clientRef) : undefined;
    if (raced) return { row: raced, replayed: true };
    throw error;
  }
}

/**
 * The answer for a stream the meter stopped; undefined when the failure was elsewhere. Also the
 * partner's logo upload's (users/logo.service.ts), with its own smaller limit.
 */
export function meterError(ctx: AppContext, failure: MeterFailure | undefined, where: { key: string; userId: number; projectId?: number }, maxBytes = ctx.config.uploadMaxBytes): AppError | undefined {
  if (!failure) return undefined;
  switch (failure.reason) {
    case 'too_large': {
      const message = tooLargeMessage(maxBytes);
      return new AppError('payload_too_large', message, { file: message });
    }
    case 'infected':
      ctx.log.warn({ signature: failure.signature, ...where }, 'upload flagged as malware; not stored');
      return new AppError('rule_broken', MALWARE_MESSAGE, { file: MALWARE_MESSAGE });
    case 'scan_failed':
      ctx.log.error({ err: failure.error, ...where }, 'malware scan failed; upload not stored');
      return new AppError('service_unavailable', SCANNER_UNAVAILABLE_MESSAGE);
    case 'body_failed':
      return new AppError('bad_request', INCOMPLETE_BODY_MESSAGE);
    case 'unreadable':
      return new AppError('validation_failed', failure.error.message, { file: failure.error.message });
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

/**
 * The stored bytes of a photo or file, or with `rangeHeader` (a download's Range) only the bytes
 * it asks for, resolved against the size the row recorded. `range` says which bytes the stream
 * holds; undefined means the whole file (no range asked, or the store ignored it). A range past
 * the end is a 416.
 */
export async function openAttachment(
  ctx: AppContext,
  scope: ProjectScope,
  projectId: number,
  kind: StoredFileKind,
  id: number,
  rangeHeader?: string,
): Promise<{ row: StoredFileRow; stream: Readable; range: ByteRange | undefined }> {
  await findProject(ctx.db, scope, projectId);
  const row = await findAttachment(ctx, projectId, kind, id);
  const asked = resolveByteRange(rangeHeader, row.byte_size);
  if (asked === 'unsatisfiable') throw new RangeNotSatisfiable(row.byte_size);
  const read = asked ? await ctx.storage.getRange(row.storage_key, asked) : await ctx.storage.get(row.storage_key).then((stream) => stream && { stream, range: undefined });
  if (!read) {
    ctx.log.error({ key: row.storage_key, id }, 'stored file has no bytes');
    throw new AppError('not_found', 'The stored file is missing.');
  }
  return { row, ...read };
}

/** The row goes first (in a transaction); the bytes after. A failed byte removal is only logged. */
export async function deleteAttachment(ctx: AppContext, scope: ProjectScope, projectId: number, kind: StoredFileKind, id: number): Promise<void> {
  const key = await ctx.db.transaction(async (tx) => {
    await findWritableProject(tx, scope, projectId);
    const [row] = await tx
      .delete(storedFiles)
      .where(and(eq(storedFiles.id, id), eq(storedFiles.project_id, projectId), eq(storedFiles.kind, kind)))
      .returning();
    if (!row) throw new AppError('not_found', `${kind === 'image' ? 'Photo' : 'File'} not found.`);
    await touchProject(tx, projectId);
    await auditFile(tx, scope, `${kind === 'image' ? 'photo' : 'file'}_deleted`, row, row, null);
    return row.storage_key;
  });
  await ctx.storage.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, 'could not remove stored bytes'));
}

/** The admin area may rename a stored file (its display name only; the bytes stay where they are). */
export async function renameAttachment(ctx: AppContext, scope: ProjectScope, projectId: number, kind: StoredFileKind, id: number, name: string): Promise<StoredFileRow> {
  return ctx.db.transaction(async (tx) => {
    await findWritableProject(tx, scope, projectId);
    const [current] = await tx
      .select()
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
    await auditFile(tx, scope, `${kind === 'image' ? 'photo' : 'file'}_renamed`, row, current, row);
    return row;
  });
}

/** An admin's file write, recorded against the project: its name, type and size (never its storage key). */
async function auditFile(tx: Executor, scope: ProjectScope, action: string, row: StoredFileRow, before: StoredFileRow | null, after: StoredFileRow | null): Promise<void> {
  const changes = diff(before, after, ['name', 'content_type', 'byte_size']);
  await recordProjectEvent(tx, scope, { action, entityType: 'project', entityId: row.project_id, changes: { record_id: { before: before ? row.id : null, after: after ? row.id : null }, ...changes } });
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 original name. */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
