import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { INCOMPLETE_BODY_MESSAGE, tooLargeMessage, type UploadSource } from './attachments.service.js';

/**
 * Room for a body's multipart framing beyond the file: boundaries and the headers of at most
 * 12 parts (busboy caps each part's headers) and 10 fields of 1 KiB (app.ts).
 */
const BODY_OVERHEAD_BYTES = 256 * 1024;

/**
 * Everything around one upload that is about the request rather than the file (issue 13):
 * - a declared body that cannot hold a file within the limit answers 413 before it is read;
 * - the caller's uploads in progress are counted (UPLOAD_CONCURRENCY_PER_USER, 429 above),
 *   and the slot is given back however the upload ends;
 * - when the upload fails before the body was read to its end, the rest is read and thrown
 *   away (up to the largest body an upload may be, then the connection is closed), so the
 *   client, still sending, gets the answer instead of a reset connection.
 */
export async function receiveUpload<T>(app: FastifyInstance, request: FastifyRequest, work: () => Promise<T>, userId: number): Promise<T> {
  const { uploadMaxBytes, uploadConcurrencyPerUser: limit } = app.ctx.config;
  const largestBody = uploadMaxBytes + BODY_OVERHEAD_BYTES;
  try {
    if (!request.isMultipart()) {
      throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
    }
    const declared = declaredBodyBytes(request);
    if (declared !== undefined && declared > largestBody) {
      const message = tooLargeMessage(uploadMaxBytes);
      throw new AppError('payload_too_large', message, { file: message });
    }
    const slot = await app.ctx.uploadSlots.acquire(userId, limit);
    if (!slot) {
      throw new AppError('rate_limited', `You have ${limit} ${limit === 1 ? 'upload' : 'uploads'} in progress. Wait for one to finish, then try again.`);
    }
    try {
      return await work();
    } finally {
      await slot.release();
    }
  } catch (error) {
    discardUnreadBody(request, largestBody);
    throw error;
  }
}

function declaredBodyBytes(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header && /^\d+$/.test(header) ? Number(header) : undefined;
}

function discardUnreadBody(request: FastifyRequest, maxBytes: number): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) raw.destroy();
  });
  raw.resume();
}

/**
 * The text fields sent before the file part, by name (the first of a repeated name). The parser
 * adds each part to `fields` as it reads it, so the names before the file's are the ones that
 * came first (with inject's whole body, later fields are already there too: they are not used).
 */
function textFieldsBefore(fields: MultipartFile['fields'], fileField: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, entry] of Object.entries(fields)) {
    if (name === fileField) break;
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first && first.type === 'field' && typeof first.value === 'string') values[name] = first.value;
  }
  return values;
}

/** The names of the parts the parser read after the file part. */
function namesAfter(fields: MultipartFile['fields'], fileField: string): string[] {
  const names = Object.keys(fields);
  return names.slice(names.indexOf(fileField) + 1);
}

/** Resolves once the whole request body has been read (and so handed to the multipart parser). */
async function bodyEnded(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (!raw.readableEnded && !raw.destroyed) {
    await new Promise<void>((resolve) => {
      raw.once('end', resolve);
      raw.once('close', resolve);
    });
  }
  // The parser takes the last chunk in the same turn; one more turn for its events.
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Reads and throws away what is left of a body the answer no longer needs: an upload sent again
 * with an Idempotency-Key the project already has (issue 41) is answered without its file.
 */
export function discardRestOfUpload(app: FastifyInstance, request: FastifyRequest): void {
  discardUnreadBody(request, app.ctx.config.uploadMaxBytes + BODY_OVERHEAD_BYTES);
}

/**
 * The one file of an upload request, opened only when the service asks (after its cheap
 * checks). A body the multipart parser cannot read (no boundary, cut off before its end) is
 * the client's mistake: 400, not the parser's plain Error as a 500. The parser's own HTTP
 * errors (413 for too many parts) pass through.
 */
export function uploadSource(request: FastifyRequest, maxBytes: number): UploadSource {
  return {
    declaredBytes: declaredBodyBytes(request),
    async open() {
      try {
        const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new AppError('validation_failed', 'Choose a file to upload.', { file: 'Choose a file to upload.' });
        }
        return {
          filename: part.filename,
          stream: part.file,
          fields: textFieldsBefore(part.fields, part.fieldname),
          async fieldsAfterFile() {
            await bodyEnded(request);
            return namesAfter(part.fields, part.fieldname);
          },
        };
      } catch (error) {
        if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
        throw new AppError('bad_request', INCOMPLETE_BODY_MESSAGE);
      }
    },
  };
}
