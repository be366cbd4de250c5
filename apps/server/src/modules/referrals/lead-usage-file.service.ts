import { createHash, randomUUID } from 'node:crypto';
import { ADMIN_CHANGED_EVENT, LEAD_MESSAGES, stateCode } from '@sunin/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { leads, type LeadUsage } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { meterError } from '../projects/attachments.service.js';
import { feedMeter, readHead, SNIFF_BYTES, UploadMeter, type UploadFileStream } from '../projects/upload-stream.js';
import { parseUsageFile } from '../usage/green-button.js';

/**
 * POST /api/public/leads/usage_file (issue 39 item 2): the business owner's Green Button file,
 * sent with the upload token their form's answer gave (an hour, one file). The token is looked
 * up by its SHA-256 before a byte of the file is read; the file is judged by its content (what
 * the projects' usage import reads: ESPI XML, CSV, or a ZIP holding one), streamed to storage
 * through the upload meter (size limit, checksum, malware scan) and read back from there, so a
 * large file never sits in memory. The token is spent by the same statement that keeps the file.
 */

export const hashUploadToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The types file-type may find in a Green Button download: XML and ZIP (a CSV has no signature). */
const USAGE_TYPES = new Set(['application/xml', 'application/zip']);

const gone = () => new AppError('gone', LEAD_MESSAGES.uploadExpired);

function notUsageMessage(detected: { ext: string; mime: string }): string {
  const what = detected.mime === 'application/pdf' ? 'a PDF document' : detected.mime.startsWith('image/') ? 'an image' : `a ${detected.ext.toUpperCase()} file`;
  return `The file is ${what}, not Green Button usage data: download your usage from your utility as Green Button XML or CSV (or a ZIP holding one).`;
}

export interface LeadUsageUpload {
  token: string;
  stream: UploadFileStream;
}

export async function attachLeadUsageFile(ctx: AppContext, { token, stream }: LeadUsageUpload): Promise<{ months_found: number; meters: number }> {
  const maxBytes = ctx.config.uploadMaxBytes;
  const hash = hashUploadToken(token);
  const [lead] = await ctx.db
    .select({ id: leads.id, state: leads.state })
    .from(leads)
    .where(and(eq(leads.upload_token_hash, hash), gt(leads.upload_expires_at, new Date()), isNull(leads.usage_file_key)))
    .limit(1);
  if (!lead) throw gone();

  const start = await readHead(stream, SNIFF_BYTES).catch(() => {
    throw new AppError('bad_request', 'The upload is not a complete multipart/form-data body.');
  });
  const detected = await fileTypeFromBuffer(start.bytes);
  if (detected && !USAGE_TYPES.has(detected.mime)) {
    stream.destroy();
    const message = notUsageMessage(detected);
    throw new AppError('unsupported_media_type', message, { file: message });
  }

  const key = `leads/${lead.id}/usage/${randomUUID()}`;
  const meter = new UploadMeter(stream, maxBytes, ctx.malwareScanner.startScan());
  feedMeter(meter, stream, start);
  try {
    await ctx.storage.put(key, meter, detected?.mime ?? 'text/plain');
  } catch (error) {
    throw meterError(ctx, meter.failure, { key, userId: 0 }) ?? error;
  }

  const discard = async (error: unknown): Promise<never> => {
    await ctx.storage.delete(key).catch((cleanup: unknown) => ctx.log.error({ err: cleanup, key }, 'could not remove a refused lead usage file'));
    throw error;
  };
  let usage: LeadUsage;
  let monthsFound: number[];
  try {
    const stored = await ctx.storage.get(key);
    if (!stored) throw new Error('the stored usage file has no bytes');
    const read = await parseUsageFile(stored, { state: stateCode(lead.state), maxBytes });
    // A month without complete readings stays null, as a project's kWh keep it.
    usage = { meters: read.meters.map((kwh, index) => ({ name: read.meter_labels[index] ?? `Meter ${index + 1}`, months: read.months, kwh })) };
    monthsFound = read.months_found;
  } catch (error) {
    return discard(error);
  }

  // One file per token: only the request that still finds the token in force keeps its file.
  const [kept] = await ctx.db
    .update(leads)
    .set({ usage, usage_file_key: key, upload_token_hash: null, upload_expires_at: null, updated_at: new Date() })
    .where(and(eq(leads.id, lead.id), eq(leads.upload_token_hash, hash), gt(leads.upload_expires_at, new Date()), isNull(leads.usage_file_key)))
    .returning({ id: leads.id });
  if (!kept) return discard(gone());
  // The admin queue shows which leads have a usage file.
  await ctx.bus
    .publish({ admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: '/api/public/leads/usage_file' } } })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'admin change publish failed'));
  return { months_found: Math.min(...monthsFound), meters: usage.meters.length };
}
