import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ARCHIVED_STAGE,
  SHARE_MESSAGES,
  SIGNATURE_ACCEPTANCE_TEXT,
  SIGNATURE_CONSENT_TEXT,
  customerStages,
  type Estimate,
  type ProjectStage,
  type ProposalVersion,
  type PublicShare,
  type ShareGone,
  type SharePartner,
} from '@sunin/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { projectShares, proposalLinks, proposalTicketHistories, proposalTickets, shareSignatures, shareViews, type NotificationRow, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { estimateOfProject } from '../estimate/estimate.service.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { findShareByToken, shareGoneReason, type SharedProject } from './share-access.js';
import { stageEntries, stageMedians } from './share-stages.js';
import { projectOwner } from './shares.service.js';

/** A proposal delivery is a history entry of one of these statuses (issue 36 item 2). */
const DELIVERY_STATUSES = [3, 7];
const USER_AGENT_MAX = 300;

/** Who opened a link: the request's address (kept only as an HMAC) and user agent. */
export interface Visitor {
  ip: string;
  userAgent: string;
}

/** Where the public routes of a link live (the token is the only credential). */
export const publicSharePath = (token: string) => `/api/public/shares/${token}`;

export function sharePartner(owner: UserRow, token: string): SharePartner {
  return {
    name: `${owner.first_name} ${owner.last_name}`.trim(),
    company_name: owner.company_name,
    phone_number: owner.phone_number,
    email: owner.email,
    logo_url: owner.logo_key ? `${publicSharePath(token)}/logo` : null,
  };
}

/** The 410 of an expired or revoked link: why, and whom to ask for a new one. */
export async function goneAnswer(db: Executor, found: SharedProject, reason: 'expired' | 'revoked', token: string): Promise<ShareGone> {
  const owner = await projectOwner(db, found.project);
  return { error: { code: 'gone', message: reason === 'revoked' ? SHARE_MESSAGES.revoked : SHARE_MESSAGES.expired }, reason, partner: sharePartner(owner, token) };
}

/** A link that opens (not expired, not revoked), or its 410 answer. */
export async function openShare(db: Executor, token: string, now = new Date()): Promise<{ found: SharedProject } | { gone: ShareGone }> {
  const found = await findShareByToken(db, token);
  const reason = shareGoneReason(found.share, now);
  return reason ? { gone: await goneAnswer(db, found, reason, token) } : { found };
}

/**
 * The project's proposal versions, oldest first: version n is its n-th delivery (a history
 * entry of status 3 or 7 over all its tickets, by event_date), with the links that delivery
 * attached, or the entry's own link for a delivery from before links named theirs.
 */
export async function proposalVersions(db: Executor, projectId: number): Promise<Array<ProposalVersion & { history_id: number }>> {
  const deliveries = await db
    .select({ id: proposalTicketHistories.id, event_date: proposalTicketHistories.event_date, proposal_link: proposalTicketHistories.proposal_link })
    .from(proposalTicketHistories)
    .innerJoin(proposalTickets, eq(proposalTickets.id, proposalTicketHistories.proposal_ticket_id))
    .where(and(eq(proposalTickets.project_id, projectId), inArray(proposalTicketHistories.status, DELIVERY_STATUSES)))
    .orderBy(asc(proposalTicketHistories.event_date), asc(proposalTicketHistories.id));
  const latest = deliveries.at(-1);
  const links = latest
    ? await db.select({ title: proposalLinks.title, url: proposalLinks.url }).from(proposalLinks).where(eq(proposalLinks.delivery_history_id, latest.id)).orderBy(asc(proposalLinks.id))
    : [];
  return deliveries.map((delivery, index) => ({
    history_id: delivery.id,
    version: index + 1,
    delivered_at: delivery.event_date.toISOString(),
    // Only the current version's links are shown; the superseded ones list version and date.
    links: delivery === latest ? (links.length > 0 ? links : delivery.proposal_link ? [{ title: 'Proposal', url: delivery.proposal_link }] : []) : [],
  }));
}

/**
 * What the customer's page shows (issue 36 item 2) and nothing more: the partner's contact,
 * the customer's company and site (never the account number, meters, notes, earnings or
 * anything an admin wrote), the proposal versions, the estimate as the partner sees it, this
 * link's signature, and the stages in the customer's words.
 */
export async function buildPublicShare(ctx: AppContext, found: SharedProject, token: string, now = new Date()): Promise<PublicShare> {
  const { share, project } = found;
  const [owner, versions, estimate, [signature], medians, history] = await Promise.all([
    projectOwner(ctx.db, project),
    proposalVersions(ctx.db, project.id),
    estimateOfProject(ctx.db, project),
    ctx.db.select().from(shareSignatures).where(eq(shareSignatures.share_id, share.id)).limit(1),
    stageMedians(ctx.db),
    stageEntries(ctx.db, project.id),
  ]);
  const current = versions.at(-1);
  const archived = project.project_stage === ARCHIVED_STAGE;
  return {
    recipient_name: share.recipient_name,
    expires_at: share.expires_at.toISOString(),
    signed_at: share.signed_at?.toISOString() ?? null,
    partner: sharePartner(owner, token),
    customer: { company_name: project.company_name, industry: project.industry, site_address: siteAddress(project), utility_company: project.utility_company },
    proposal: current ? { version: current.version, delivered_at: current.delivered_at, links: current.links } : null,
    superseded: versions
      .slice(0, -1)
      .reverse()
      .map(({ version, delivered_at }) => ({ version, delivered_at })),
    estimate: customerEstimate(estimate, project),
    signature: signature
      ? {
          signed_at: signature.signed_at.toISOString(),
          signer_name: signature.signer_name,
          signer_title: signature.signer_title,
          signer_email: signature.signer_email,
          proposal_version: signature.proposal_version,
          document_sha256: signature.document_sha256,
          document_url: `${publicSharePath(token)}/signature/document`,
        }
      : null,
    archived,
    stage: project.project_stage,
    stages: customerStages(project.project_stage as ProjectStage, project.stage_entered_at?.toISOString() ?? null, medians, history, now),
    consent_text: SIGNATURE_CONSENT_TEXT,
    acceptance_text: SIGNATURE_ACCEPTANCE_TEXT,
  };
}

/** The site in one line: street, city, state and zip. */
export function siteAddress(project: Pick<ProjectRow, 'address_1' | 'address_2' | 'city' | 'state' | 'zip'>): string {
  const street = [project.address_1, project.address_2].filter(Boolean).join(', ');
  return [street, project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/**
 * The address of an open, as an HMAC-SHA256 under a key derived from JWT_SECRET: opens from
 * one address can be told apart, but the address itself is never stored (issue 36 item 3).
 */
export function hashViewAddress(jwtSecret: string, ip: string): string {
  const key = createHmac('sha256', jwtSecret).update('share-view-address').digest();
  return createHmac('sha256', key).update(ip).digest('hex');
}

/**
 * The estimate as the customer sees it: the partner's figures, without the partner's to-do notes
 * ("choose its tariff in Utility Info", "add the monthly kWh": `warnings`, `missing`) and without
 * meter names that may be account or meter numbers (a usage file names its meters by them):
 * a name with four digits in a row, or holding the project's account or meter number, reads
 * "Meter n".
 */
export function customerEstimate(estimate: Estimate, project: Pick<ProjectRow, 'utility_account_number' | 'main_meter_number'>): Estimate {
  const secrets = [project.utility_account_number, project.main_meter_number].map((value) => value.replace(/\W/g, '').toLowerCase()).filter((value) => value.length >= 3);
  const safe = (name: string) => !/\d{4}/.test(name) && !secrets.some((secret) => name.replace(/\W/g, '').toLowerCase().includes(secret));
  return {
    ...estimate,
    warnings: [],
    missing: [],
    bills: { ...estimate.bills, meters: estimate.bills.meters.map((meter, index) => ({ ...meter, name: safe(meter.name) ? meter.name : `Meter ${index + 1}`, tariff_id: null })) },
  };
}

/** Reads of one page by the same browser within this many minutes are one open. */
export const SAME_OPEN_MINUTES = 30;

/**
 * Counts an open (issue 36 item 3) and tells the project's owner of the first and then at most
 * one a day: one conditional UPDATE decides it, so two opens at the same moment notify once.
 */

export async function recordView(ctx: AppContext, found: SharedProject, visitor: Visitor): Promise<void> {
  const { share, project } = found;
  const addressHash = hashViewAddress(ctx.config.jwtSecret, visitor.ip);
  const userAgent = visitor.userAgent.slice(0, USER_AGENT_MAX);
  const created: NotificationRow[] = await ctx.db.transaction(async (tx) => {
    // The open page reads again every 30 s and on focus: the same browser within the half hour
    // is the same open, not another (and cannot grow the table by reloading).
    await tx.select({ id: projectShares.id }).from(projectShares).where(eq(projectShares.id, share.id)).for('update');
    const [recent] = await tx
      .select({ id: shareViews.id })
      .from(shareViews)
      .where(and(eq(shareViews.share_id, share.id), eq(shareViews.address_hash, addressHash), eq(shareViews.user_agent, userAgent), gt(shareViews.viewed_at, sql`now() - ${SAME_OPEN_MINUTES} * interval '1 minute'`)))
      .limit(1);
    if (recent) return [];
    await tx.insert(shareViews).values({ share_id: share.id, address_hash: addressHash, user_agent: userAgent });
    await tx
      .update(projectShares)
      .set({ view_count: sql`${projectShares.view_count} + 1`, last_viewed_at: sql`now()` })
      .where(eq(projectShares.id, share.id));
    const due = await tx.execute(
      sql`update ${projectShares} set view_notified_at = now() where id = ${share.id} and (view_notified_at is null or view_notified_at < now() - interval '1 day') returning id`,
    );
    if ((due as unknown as { rows: unknown[] }).rows.length === 0) return [];
    return createNotifications(tx, [project.user_id], {
      kind: 'customer_views',
      title: 'Proposal opened',
      message: `${share.recipient_name} opened the proposal for ${project.company_name || `project #${project.id}`} (project #${project.id}).`,
      subject: { project_id: project.id },
    });
  });
  await publishNotifications(ctx, created);
}

/** The partner's logo on a link: its bytes and stored type; 404 without one. */
export async function openShareLogo(ctx: AppContext, found: SharedProject): Promise<{ stream: Readable; contentType: string }> {
  const owner = await projectOwner(ctx.db, found.project);
  const stream = owner.logo_key ? await ctx.storage.get(owner.logo_key) : null;
  if (!owner.logo_key || !stream) throw new AppError('not_found', 'This partner has no logo.');
  return { stream, contentType: owner.logo_content_type ?? 'application/octet-stream' };
}
