import { SHARE_MAX_ACTIVE_PER_PROJECT, SHARE_MESSAGES, shareUrl, type Share, type ShareCreated, type ShareStatus } from '@sunin/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { projectShares, shareChangeRequests, shareSignatures, users, type ProjectRow, type ProjectShareRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { MailMessage } from '../../lib/mailer.js';
import { recordProjectEvent } from '../audit/audit.service.js';
import { findProject, findWritableProject, type ProjectScope } from '../projects/project-access.js';
import { fullName } from '../users/full-name.js';
import { newShareToken } from './share-access.js';

const DAY_MS = 86_400_000;
const iso = (value: Date | null) => value?.toISOString() ?? null;

/** What the list shows of a link beside its own row: who made it, its signed file, its change requests. */
interface ShareExtras {
  created_by_name: string | null;
  signed_file_id: number | null;
  change_requests: number;
}

/** revoked > signed > expired > active (issue 36 item 1): a withdrawn link says so even once signed. */
export function shareStatus(share: Pick<ProjectShareRow, 'revoked_at' | 'signed_at' | 'expires_at'>, now: Date): ShareStatus {
  if (share.revoked_at) return 'revoked';
  if (share.signed_at) return 'signed';
  if (share.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export function toShareResponse(row: ProjectShareRow, extras: ShareExtras, now = new Date()): Share {
  return {
    id: row.id,
    project_id: row.project_id,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    created_by_name: extras.created_by_name ?? '',
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    revoked_at: iso(row.revoked_at),
    emailed_at: iso(row.emailed_at),
    status: shareStatus(row, now),
    view_count: row.view_count,
    last_viewed_at: iso(row.last_viewed_at),
    signed_at: iso(row.signed_at),
    signed_file_id: extras.signed_file_id,
    change_requests: extras.change_requests,
  };
}

const changeRequestCount = sql<number>`(select count(*) from ${shareChangeRequests} where ${shareChangeRequests.share_id} = ${projectShares.id})`.mapWith(Number);

/** The links of a project with what the list shows beside each, newest first; `shareId` picks one. */
async function loadShares(db: Executor, projectId: number, shareId?: number) {
  const rows = await db
    .select({ share: projectShares, created_by_name: fullName, signed_file_id: shareSignatures.stored_file_id, change_requests: changeRequestCount })
    .from(projectShares)
    .leftJoin(users, eq(users.id, projectShares.created_by))
    .leftJoin(shareSignatures, eq(shareSignatures.share_id, projectShares.id))
    .where(and(eq(projectShares.project_id, projectId), shareId === undefined ? undefined : eq(projectShares.id, shareId)))
    .orderBy(desc(projectShares.created_at), desc(projectShares.id));
  const now = new Date();
  return rows.map(({ share, ...extras }) => toShareResponse(share, extras, now));
}

/** GET <prefix>/{id}/shares: the project's links, newest first (another member's project 404). */
export async function listShares(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<Share[]> {
  const project = await findProject(ctx.db, scope, projectId);
  return loadShares(ctx.db, project.id);
}

/** The partner who owns the project: the customer's contact on the page, the email and the gone page. */
export async function projectOwner(db: Executor, project: Pick<ProjectRow, 'user_id'>): Promise<UserRow> {
  const [owner] = await db.select().from(users).where(eq(users.id, project.user_id)).limit(1);
  if (!owner) throw new Error(`project owner ${project.user_id} not found`);
  return owner;
}

const ownerName = (owner: UserRow) => `${owner.first_name} ${owner.last_name}`.trim();

/** "March 3, 2027": the expiry as the recipient reads it (UTC, the day the link stops opening). */
const longDate = (value: Date) => value.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The link as an email from the partner (issue 36 item 1): a plain message through the outbox,
 * not a notification (the recipient has no account), with the expiry and the partner's contact.
 */
export function shareMail(input: { to: string; recipientName: string; owner: UserRow; customerCompany: string; url: string; expiresAt: Date }): MailMessage {
  const { owner } = input;
  const partner = ownerName(owner);
  const from = owner.company_name ? `${partner} of ${owner.company_name}` : partner;
  const customer = input.customerCompany || 'your business';
  const contact = [partner, owner.company_name, owner.phone_number, owner.email].filter(Boolean).join('\n');
  return {
    to: input.to,
    subject: `${from} sent you a solar proposal for ${customer}`,
    text: [
      `Hello ${input.recipientName},`,
      '',
      `${from} sent you a solar proposal for ${customer}. Open it here:`,
      '',
      input.url,
      '',
      `The link works until ${longDate(input.expiresAt)}. You can review the proposal, accept and sign it, or ask for changes.`,
      '',
      'Questions? Contact your partner:',
      contact,
    ].join('\n'),
  };
}

/**
 * POST <prefix>/{id}/shares: a new link, at most SHARE_MAX_ACTIVE_PER_PROJECT live at once
 * (the project row is locked, so two creations cannot both pass the count). Only the token's
 * hash is stored; the answer is the only place the link itself appears. Audited without it.
 */
export async function createShare(
  ctx: AppContext,
  scope: ProjectScope,
  projectId: number,
  input: { recipient_name: string; recipient_email: string; expires_in_days: number; send_email: boolean },
): Promise<ShareCreated> {
  const { token, hash } = newShareToken();
  const url = shareUrl(ctx.config.appUrl, token);
  const shareId = await ctx.db.transaction(async (tx) => {
    const project = await findWritableProject(tx, scope, projectId, { lock: true });
    const now = new Date();
    const [active] = await tx
      .select({ n: count() })
      .from(projectShares)
      .where(and(eq(projectShares.project_id, project.id), isNull(projectShares.revoked_at), isNull(projectShares.signed_at), gt(projectShares.expires_at, now)));
    if ((active?.n ?? 0) >= SHARE_MAX_ACTIVE_PER_PROJECT) throw new AppError('rule_broken', SHARE_MESSAGES.tooManyActive);
    const expiresAt = new Date(now.getTime() + input.expires_in_days * DAY_MS);
    const [share] = await tx
      .insert(projectShares)
      .values({
        project_id: project.id,
        created_by: scope.user.id,
        recipient_name: input.recipient_name,
        recipient_email: input.recipient_email,
        token_hash: hash,
        expires_at: expiresAt,
        emailed_at: input.send_email ? now : null,
      })
      .returning();
    if (!share) throw new Error('insert returned no row');
    if (input.send_email) {
      const owner = await projectOwner(tx, project);
      await ctx.mailer.enqueue(tx, shareMail({ to: share.recipient_email, recipientName: share.recipient_name, owner, customerCompany: project.company_name, url, expiresAt }));
    }
    await recordProjectEvent(tx, scope, {
      action: 'share_created',
      entityType: 'project',
      entityId: project.id,
      changes: {
        record_id: { before: null, after: share.id },
        recipient_name: { before: null, after: share.recipient_name },
        recipient_email: { before: null, after: share.recipient_email },
        expires_at: { before: null, after: expiresAt.toISOString() },
        emailed: { before: null, after: input.send_email },
      },
    });
    return share.id;
  });
  if (input.send_email) ctx.mailer.wake();
  const [created] = await loadShares(ctx.db, projectId, shareId);
  if (!created) throw new Error('created share not found');
  return { ...created, url };
}

/**
 * DELETE <prefix>/{id}/shares/{shareId}: the link stops opening at once (410 after). Revoking
 * a revoked link is a no-op that answers the same; another project's link is 404.
 */
export async function revokeShare(ctx: AppContext, scope: ProjectScope, projectId: number, shareId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const project = await findWritableProject(tx, scope, projectId);
    const [share] = await tx
      .select()
      .from(projectShares)
      .where(and(eq(projectShares.id, shareId), eq(projectShares.project_id, project.id)))
      .limit(1)
      .for('update');
    if (!share) throw new AppError('not_found', 'Link not found.');
    if (share.revoked_at) return;
    const at = new Date();
    await tx.update(projectShares).set({ revoked_at: at }).where(eq(projectShares.id, share.id));
    await recordProjectEvent(tx, scope, {
      action: 'share_revoked',
      entityType: 'project',
      entityId: project.id,
      changes: { record_id: { before: share.id, after: share.id }, recipient_email: { before: share.recipient_email, after: share.recipient_email }, revoked_at: { before: null, after: at.toISOString() } },
    });
  });
}
