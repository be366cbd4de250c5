import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DRAWN_SIGNATURE_MAX_BYTES,
  SHARE_MESSAGES,
  SIGNATURE_ACCEPTANCE_TEXT,
  SIGNATURE_CODE_DIGITS,
  SIGNATURE_CODE_MAX_TRIES,
  SIGNATURE_CODE_TTL_MINUTES,
  SIGNATURE_CONSENT_TEXT,
  type ShareSignature,
} from '@sunin/contract';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { enqueueWebhookEvent } from '../webhooks/webhook-events.js';
import type { Executor } from '../../db/client.js';
import {
  projects,
  projectShares,
  shareSignatureCodes,
  shareSignatures,
  shareViews,
  storedFiles,
  users,
  type NotificationRow,
  type ProjectRow,
  type ShareSignatureRow,
  type SignatureEvent,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { estimateOfProject } from '../estimate/estimate.service.js';
import { createNotifications, fullAccessAdminIds, publishNotifications } from '../notifications/notifications.service.js';
import { touchProject } from '../projects/project-access.js';
import { proposalVersions } from './public-share.js';
import { findLiveShare, findShareByToken, shareGoneReason } from './share-access.js';
import { buildSignedPdf, sha256Hex, signedEstimate, type SignedContent } from './signed-pdf.js';

/**
 * The customer's electronic signature (issue 36 item 4; docs/decisions/040): a six-digit code
 * emailed to the signer's address, then the signature in one transaction with the link locked,
 * producing the signed PDF (evidence copy and project file), the evidence row, the audit entry,
 * the notifications and the signer's email.
 */


/**
 * The key of the codes' HMAC, derived from JWT_SECRET for this one use: a code row holds
 * nothing from which the code can be read back without the server's secret (six digits hash
 * in microseconds otherwise).
 */
function codeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('sunin/share-signature-codes/v1').digest();
}

/** A code's HMAC, bound to its link and address so a row never serves another. */
export function hashSignatureCode(secret: string, shareId: number, email: string, code: string): string {
  return createHmac('sha256', codeKey(secret)).update(`${shareId}\n${email}\n${code}`).digest('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export const newSignatureCode = (): string => String(randomInt(0, 10 ** SIGNATURE_CODE_DIGITS)).padStart(SIGNATURE_CODE_DIGITS, '0');

const documentUrl = (token: string) => `/api/public/shares/${token}/signature/document`;

/** The project's current proposal (its latest delivery), or null before the first. */
async function latestProjectDelivery(db: Executor, projectId: number) {
  return (await proposalVersions(db, projectId)).at(-1) ?? null;
}

// --- Codes

/** POST /api/public/shares/{token}/signature/code */
export async function requestSignatureCode(ctx: AppContext, token: string, email: string): Promise<{ message: string; expires_at: string }> {
  const code = newSignatureCode();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SIGNATURE_CODE_TTL_MINUTES * 60_000);
  await ctx.db.transaction(async (tx) => {
    const { share, project } = await findLiveShare(tx, token, { lock: true, now });
    if (share.signed_at) throw new AppError('conflict', SHARE_MESSAGES.alreadySigned);
    if (!(await latestProjectDelivery(tx, project.id))) throw new AppError('rule_broken', SHARE_MESSAGES.noProposal);
    // One code at a time per link: a new one ends the ones before it.
    await tx.update(shareSignatureCodes).set({ used_at: now }).where(and(eq(shareSignatureCodes.share_id, share.id), isNull(shareSignatureCodes.used_at)));
    await tx.insert(shareSignatureCodes).values({ share_id: share.id, email, code_hash: hashSignatureCode(ctx.config.jwtSecret, share.id, email, code), expires_at: expiresAt, created_at: now });
    // Never in the subject: it shows in notifications and lock screens.
    await ctx.mailer.enqueue(tx, {
      to: email,
      subject: `Your code to sign the proposal for ${project.company_name}`,
      text:
        `Your code to sign the solar proposal for ${project.company_name} is:\n\n    ${code}\n\n` +
        `It is valid for ${SIGNATURE_CODE_TTL_MINUTES} minutes and can be tried ${SIGNATURE_CODE_MAX_TRIES} times. ` +
        `If you did not ask for it, you can ignore this email: nothing is signed without the code.\n`,
    });
  });
  ctx.mailer.wake();
  return { message: `We emailed a ${SIGNATURE_CODE_DIGITS}-digit code to ${email}. It is valid for ${SIGNATURE_CODE_TTL_MINUTES} minutes.`, expires_at: expiresAt.toISOString() };
}

// --- The signature

export interface SignatureRequest {
  name: string;
  title: string;
  email: string;
  code: string;
  typed_signature?: string | undefined;
  drawn_signature?: string | undefined;
  proposal_version?: number | undefined;
}

export interface SignatureEvidence {
  ip: string;
  userAgent: string;
}

/** The drawn signature's PNG bytes, checked by content and size (422 otherwise). */
async function drawnPng(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length === 0 || bytes.length > DRAWN_SIGNATURE_MAX_BYTES) throw new AppError('rule_broken', bytes.length === 0 ? SHARE_MESSAGES.drawnInvalid : 'The drawn signature is too large.', { drawn_signature: SHARE_MESSAGES.drawnInvalid });
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/png') throw new AppError('rule_broken', SHARE_MESSAGES.drawnInvalid, { drawn_signature: SHARE_MESSAGES.drawnInvalid });
  // A small file can declare a huge image that the PDF library would decode pixel by pixel:
  // the header's size is checked first (the signature pad draws 600 x 180).
  const width = bytes.length >= 33 && bytes.toString('latin1', 12, 16) === 'IHDR' ? bytes.readUInt32BE(16) : 0;
  const height = width > 0 ? bytes.readUInt32BE(20) : 0;
  if (width === 0 || height === 0 || width > DRAWN_SIGNATURE_MAX_PIXELS.width || height > DRAWN_SIGNATURE_MAX_PIXELS.height) {
    const message = `The drawn signature must be a PNG of at most ${DRAWN_SIGNATURE_MAX_PIXELS.width} x ${DRAWN_SIGNATURE_MAX_PIXELS.height} pixels.`;
    throw new AppError('rule_broken', message, { drawn_signature: message });
  }
  return bytes;
}

/** The largest drawing accepted: four times the signature pad's canvas each way. */
const DRAWN_SIGNATURE_MAX_PIXELS = { width: 2400, height: 800 } as const;

/** A file name without path separators or control characters, for the project file and the download. */
function fileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return name.replace(/[\\/]/g, '-').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

export const signedFileName = (version: number | null, company: string, signedAt: Date): string =>
  fileName(`Signed proposal v${version ?? 0} - ${company} - ${signedAt.toISOString().slice(0, 10)}.pdf`);

const siteAddress = (project: ProjectRow) => [project.address_1, project.address_2, [project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');

type SignOutcome = { kind: 'wrong_code' } | { kind: 'signed'; signature: ShareSignatureRow; notified: NotificationRow[] };

/**
 * POST /api/public/shares/{token}/signature. One transaction with the link locked FOR UPDATE,
 * so two signatures of one link take turns and the second finds it signed (409). A wrong code
 * counts its try in that transaction, which then commits and answers 422. The PDF's bytes are
 * written before the commit and removed if it fails (docs/decisions/003).
 */
export async function signProposal(ctx: AppContext, token: string, input: SignatureRequest, evidence: SignatureEvidence): Promise<ShareSignature> {
  const png = input.drawn_signature === undefined ? undefined : await drawnPng(input.drawn_signature);
  const written: string[] = [];
  let outcome: SignOutcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<SignOutcome> => {
      const signedAt = new Date();
      const { share, project } = await findLiveShare(tx, token, { lock: true, now: signedAt });
      if (share.signed_at) throw new AppError('conflict', SHARE_MESSAGES.alreadySigned);
      const [code] = await tx.select().from(shareSignatureCodes).where(eq(shareSignatureCodes.share_id, share.id)).orderBy(desc(shareSignatureCodes.created_at), desc(shareSignatureCodes.id)).limit(1);
      if (!code) throw new AppError('invalid_token', SHARE_MESSAGES.codeMissing, { code: SHARE_MESSAGES.codeMissing });
      if (code.email !== input.email) throw new AppError('invalid_token', SHARE_MESSAGES.codeMissing, { email: 'Sign with the address the code was emailed to, or ask for a code for this one.' });
      if (code.used_at || code.expires_at.getTime() <= signedAt.getTime() || code.tries >= SIGNATURE_CODE_MAX_TRIES) throw new AppError('invalid_token', SHARE_MESSAGES.codeExpired, { code: SHARE_MESSAGES.codeExpired });
      const given = Buffer.from(hashSignatureCode(ctx.config.jwtSecret, share.id, input.email, input.code), 'hex');
      const expected = Buffer.from(code.code_hash, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        await tx.update(shareSignatureCodes).set({ tries: code.tries + 1 }).where(eq(shareSignatureCodes.id, code.id));
        return { kind: 'wrong_code' };
      }
      // The project row too: a delivery (which clears projects.signed_at) waits for this
      // signature to commit, or this one reads the delivery's version.
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
      const delivery = await latestProjectDelivery(tx, project.id);
      if (!delivery) throw new AppError('rule_broken', SHARE_MESSAGES.noProposal);
      if (input.proposal_version !== undefined && input.proposal_version !== delivery.version) throw new AppError('conflict', SHARE_MESSAGES.versionChanged);

      const [partner] = await tx.select().from(users).where(eq(users.id, project.user_id)).limit(1);
      const [firstView] = await tx.select({ at: shareViews.viewed_at }).from(shareViews).where(eq(shareViews.share_id, share.id)).orderBy(asc(shareViews.viewed_at)).limit(1);
      const estimate = await estimateOfProject(tx, project);
      const documentId = randomUUID();
      const method = png ? 'drawn' : 'typed';
      const at = signedAt.toISOString();
      const events: SignatureEvent[] = [
        { at: share.created_at.toISOString(), event: 'link created', detail: `for ${share.recipient_name}` },
        ...(firstView ? [{ at: firstView.at.toISOString(), event: 'opened', detail: 'first view of the link' }] : []),
        { at: code.created_at.toISOString(), event: 'code sent', detail: `to ${code.email}` },
        { at, event: 'code confirmed', detail: `by ${input.email}` },
        { at, event: 'consent given', detail: 'consent to electronic records and signatures' },
        { at, event: 'signed', detail: `${method} signature of proposal version ${delivery.version}` },
      ];
      const content: SignedContent = {
        document_id: documentId,
        signed_at: at,
        sunin: { name: 'SunIn', website: ctx.config.appUrl },
        partner: { name: partner ? `${partner.first_name} ${partner.last_name}`.trim() : '', company_name: partner?.company_name ?? '', phone_number: partner?.phone_number ?? '', email: partner?.email ?? '' },
        customer: { company_name: project.company_name, industry: project.industry, site_address: siteAddress(project), utility_company: project.utility_company },
        proposal: { version: delivery.version, delivered_at: delivery.delivered_at, links: delivery.links },
        estimate: signedEstimate(estimate),
        acceptance_text: SIGNATURE_ACCEPTANCE_TEXT,
        consent_text: SIGNATURE_CONSENT_TEXT,
        signer: { name: input.name, title: input.title, email: input.email },
        signature: png ? { method: 'drawn', png_sha256: sha256Hex(png) } : { method: 'typed', typed_text: input.typed_signature ?? input.name },
      };
      const pdf = await buildSignedPdf(content, { events, signer_address: evidence.ip, user_agent: evidence.userAgent }, png).catch((error: unknown) => {
        // A PNG whose header passed but whose data does not decode is the signer's input.
        if (png) throw new AppError('rule_broken', SHARE_MESSAGES.drawnInvalid, { drawn_signature: SHARE_MESSAGES.drawnInvalid });
        throw error;
      });

      // The evidence copy (never deleted by the partner) and the project file (which may be).
      const documentKey = `signatures/${randomUUID()}`;
      const fileKey = `projects/${project.id}/files/${randomUUID()}`;
      for (const key of [documentKey, fileKey]) {
        written.push(key);
        await ctx.storage.put(key, Readable.from([pdf.bytes]), 'application/pdf');
      }
      const name = signedFileName(delivery.version, project.company_name, signedAt);
      // Not held to the owner's storage quota: the signature is the customer's act, and the
      // evidence must be kept whatever the partner's usage (decision 040).
      const [file] = await tx.insert(storedFiles).values({ project_id: project.id, kind: 'file', name, content_type: 'application/pdf', byte_size: pdf.bytes.length, checksum: pdf.sha256, storage_key: fileKey }).returning();
      const [signature] = await tx
        .insert(shareSignatures)
        .values({
          share_id: share.id,
          project_id: project.id,
          company_name: project.company_name,
          proposal_version: delivery.version,
          signer_name: input.name,
          signer_title: input.title,
          signer_email: input.email,
          signer_address: evidence.ip,
          user_agent: evidence.userAgent,
          method,
          typed_signature: png ? null : (input.typed_signature ?? null),
          consent_text: SIGNATURE_CONSENT_TEXT,
          events,
          document_key: documentKey,
          document_sha256: pdf.sha256,
          stored_file_id: file?.id ?? null,
          signed_at: signedAt,
        })
        .returning();
      if (!signature || !file) throw new Error('insert returned no row');
      await tx.update(projectShares).set({ signed_at: signedAt }).where(eq(projectShares.id, share.id));
      await tx.update(projects).set({ signed_at: signedAt }).where(eq(projects.id, project.id));
      await touchProject(tx, project.id);
      await tx.update(shareSignatureCodes).set({ used_at: signedAt }).where(eq(shareSignatureCodes.id, code.id));
      // The address stays with the evidence row, out of the audit trail every admin reads.
      await recordAudit(tx, {
        actorId: null,
        action: 'customer_signed',
        entityType: 'project',
        entityId: project.id,
        changes: {
          signed_at: { before: null, after: at },
          signer: { before: null, after: `${input.name}, ${input.title} <${input.email}>` },
          proposal_version: { before: null, after: delivery.version },
          document_sha256: { before: null, after: pdf.sha256 },
          record_id: { before: null, after: file.id },
        },
      });
      // Name and title only: the signer's e-mail and address stay with the evidence.
      await enqueueWebhookEvent(tx, 'proposal.signed', {
        ownerId: project.user_id,
        at: signedAt,
        data: { project_id: project.id, owner_id: project.user_id, company_name: project.company_name, proposal_version: delivery.version, signer_name: input.name, signer_title: input.title, signed_at: signedAt.toISOString() },
      });
      const notified = await createNotifications(tx, [project.user_id, ...(await fullAccessAdminIds(tx))], {
        kind: 'customer_responses',
        title: 'Proposal signed',
        message: `${input.name}, ${input.title} of ${project.company_name}, signed proposal v${delivery.version} (project #${project.id})`,
        subject: { project_id: project.id },
      });
      await ctx.mailer.enqueue(tx, {
        to: input.email,
        subject: `Your signed proposal for ${project.company_name}`,
        text:
          `Thank you, ${input.name}. You signed proposal version ${delivery.version} for ${project.company_name} on ${at} (UTC).\n\n` +
          `The signed document is attached. Its SHA-256 is:\n${pdf.sha256}\n\n` +
          `You can download it again from the page where you signed, which now follows the project to installation.\n`,
        attachments: [{ filename: name, content_type: 'application/pdf', storage_key: documentKey }],
      });
      return { kind: 'signed', signature, notified };
    });
  } catch (error) {
    for (const key of written) await ctx.storage.delete(key).catch((cleanup: unknown) => ctx.log.error({ err: cleanup, key }, 'could not remove the bytes of a failed signature'));
    throw error;
  }
  if (outcome.kind === 'wrong_code') throw new AppError('invalid_token', SHARE_MESSAGES.codeWrong, { code: SHARE_MESSAGES.codeWrong });
  await publishNotifications(ctx, outcome.notified);
  ctx.mailer.wake();
  ctx.webhooks.wake();
  return toShareSignature(outcome.signature, token);
}

export function toShareSignature(row: ShareSignatureRow, token: string): ShareSignature {
  return {
    signed_at: row.signed_at.toISOString(),
    signer_name: row.signer_name,
    signer_title: row.signer_title,
    signer_email: row.signer_email,
    proposal_version: row.proposal_version,
    document_sha256: row.document_sha256,
    document_url: documentUrl(token),
  };
}

/**
 * GET /api/public/shares/{token}/signature/document: the evidence copy. A signed link stays
 * open past its expiry; a revoked one answers 410, an unsigned one 404 (410 once expired).
 */
export async function openSignedDocument(ctx: AppContext, token: string): Promise<{ name: string; stream: Readable }> {
  const { share } = await findShareByToken(ctx.db, token);
  const reason = shareGoneReason(share, new Date());
  if (reason) throw new AppError('gone', reason === 'revoked' ? SHARE_MESSAGES.revoked : SHARE_MESSAGES.expired);
  const [signature] = share.signed_at ? await ctx.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id)).limit(1) : [];
  if (!signature) throw new AppError('not_found', 'This proposal has not been signed through this link.');
  const stream = await ctx.storage.get(signature.document_key);
  if (!stream) {
    ctx.log.error({ signatureId: signature.id }, 'the signed document has no bytes');
    throw new AppError('not_found', 'The signed document is missing.');
  }
  return { name: signedFileName(signature.proposal_version, signature.company_name, signature.signed_at), stream };
}
