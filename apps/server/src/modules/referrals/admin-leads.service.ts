import { LEAD_MESSAGES, OPEN_LEAD_STATUSES, type AdminLead, type AdminLeadListQuery, type LeadStatus } from '@sunin/contract';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { leads, referralClicks, users, type LeadRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/like.js';
import { offsetOf } from '../../lib/pagination.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { fullName } from '../users/full-name.js';
import { effectiveLeadStatus, toAdminLead } from './lead-answer.js';
import { publishLeadChanged } from './lead-events.js';
import { leadProjects, leadStatusWhere } from './lead-queries.js';

/** The admin queue (issue 39 item 3): the list, and marking a lead contacted or rejecting it. */

/** The columns a queue action changes, as its audit entry shows them. */
export const AUDITED_LEAD_FIELDS = ['status', 'user_id', 'project_id', 'expires_at', 'rejected_reason'] as const;

/** Leads as the queue shows them: their partner, the partner whose link brought a conflicting form, the click and the project. */
export async function adminLeadAnswers(db: Executor, rows: readonly LeadRow[], now: Date): Promise<AdminLead[]> {
  const userIds = [...new Set(rows.flatMap((row) => [row.user_id, row.referred_by].filter((id): id is number => id !== null)))];
  const clickIds = [...new Set(rows.flatMap((row) => (row.click_id === null ? [] : [row.click_id])))];
  const [people, clicks, projects] = await Promise.all([
    userIds.length === 0 ? [] : db.select({ id: users.id, name: fullName, company_name: users.company_name }).from(users).where(inArray(users.id, userIds)),
    clickIds.length === 0 ? [] : db.select({ id: referralClicks.id, clicked_at: referralClicks.clicked_at }).from(referralClicks).where(inArray(referralClicks.id, clickIds)),
    leadProjects(db, rows),
  ]);
  const person = new Map(people.map((row) => [row.id, row]));
  const clickedAt = new Map(clicks.map((row) => [row.id, row.clicked_at]));
  return rows.map((row) => {
    const partner = row.user_id === null ? undefined : person.get(row.user_id);
    const referrer = row.referred_by === null ? undefined : person.get(row.referred_by);
    return toAdminLead(
      row,
      {
        project: projects.get(row.id) ?? null,
        partner: partner ?? null,
        referredBy: referrer ? { id: referrer.id, name: referrer.name } : null,
        clickedAt: row.click_id === null ? null : (clickedAt.get(row.click_id) ?? null),
      },
      now,
    );
  });
}

/**
 * GET /api/admin/leads: newest first (leads_created_idx, or leads_status_created_idx with a
 * status), filtered by status as the lists read it, by partner, and by a search of the company,
 * contact, email and city.
 */
export async function listAdminLeads(ctx: AppContext, query: AdminLeadListQuery): Promise<{ rows: AdminLead[]; total: number }> {
  const now = new Date();
  const pattern = query.q === undefined ? undefined : containsPattern(query.q);
  const where = and(
    leadStatusWhere(query.status, now),
    query.user_id === undefined ? undefined : eq(leads.user_id, query.user_id),
    pattern === undefined ? undefined : or(ilike(leads.company_name, pattern), ilike(leads.contact_name, pattern), ilike(leads.email, pattern), ilike(leads.city, pattern)),
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db.select().from(leads).where(where).orderBy(desc(leads.created_at), desc(leads.id)).limit(query.per_page).offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows: await adminLeadAnswers(ctx.db, rows, now), total: totals?.n ?? 0 };
}

const isOpen = (status: LeadStatus) => (OPEN_LEAD_STATUSES as readonly LeadStatus[]).includes(status);

/**
 * The lead, locked for a queue action, if it is still open at `now` (422 otherwise). The site's
 * lock (the one the lead rules take, lead-site:<site_key>) is taken first, so an action waits for
 * a form or a registration on the same site in progress and never sees a lead it is changing.
 */
export async function lockOpenLead(tx: Executor, leadId: number, now: Date): Promise<LeadRow> {
  const [site] = await tx.select({ site_key: leads.site_key }).from(leads).where(eq(leads.id, leadId)).limit(1);
  if (!site) throw notFound('Lead');
  if (site.site_key !== '') await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-site:${site.site_key}`}))`);
  const [row] = await tx.select().from(leads).where(eq(leads.id, leadId)).limit(1).for('update');
  if (!row) throw notFound('Lead');
  if (!isOpen(effectiveLeadStatus(row, now))) throw new AppError('rule_broken', LEAD_MESSAGES.notOpen);
  return row;
}

/** A write on an open lead with its audit entry, in one transaction; its partner is told after the commit. */
export async function changeOpenLead(ctx: AppContext, actorId: number, leadId: number, action: string, changes: Partial<typeof leads.$inferInsert>): Promise<AdminLead> {
  const now = new Date();
  const after = await ctx.db.transaction(async (tx) => {
    const before = await lockOpenLead(tx, leadId, now);
    const [row] = await tx
      .update(leads)
      .set({ ...changes, updated_at: now })
      .where(eq(leads.id, leadId))
      .returning();
    if (!row) throw notFound('Lead');
    await recordAudit(tx, { actorId, action, entityType: 'lead', entityId: leadId, changes: diff(before, row, AUDITED_LEAD_FIELDS) });
    return row;
  });
  await publishLeadChanged(ctx, after.user_id, after.id);
  const [answer] = await adminLeadAnswers(ctx.db, [after], now);
  return answer!;
}

/** PATCH /api/admin/leads/{id}: SunIn has spoken to the business owner. */
export const markLeadContacted = (ctx: AppContext, actorId: number, leadId: number) => changeOpenLead(ctx, actorId, leadId, 'lead_contacted', { status: 'contacted' });

/** POST /api/admin/leads/{id}/reject: closed with the reason; the site and the partner's registration free up. */
export const rejectLead = (ctx: AppContext, actorId: number, leadId: number, reason: string) =>
  changeOpenLead(ctx, actorId, leadId, 'lead_rejected', { status: 'rejected', rejected_reason: reason, rejected_by: actorId, expires_at: null });
