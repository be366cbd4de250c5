import type { LeadListResponse, leadUserQuerySchema } from '@sunin/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { leads, type UserRow } from '../../db/schema/index.js';
import { offsetOf } from '../../lib/pagination.js';
import { toLead } from './lead-answer.js';
import { leadProjects, leadStatusWhere } from './lead-queries.js';
import { countOpenRegistrations } from './lead-rules.js';
import { assertReferralPartner } from './referral-code.service.js';
import { readReferralSettings } from './referral-settings.service.js';

type LeadUserQuery = z.infer<typeof leadUserQuerySchema>;

/**
 * GET /api/user/leads (issue 39 item 4): the caller's leads, newest first (leads_user_created_idx),
 * converted ones with their project's stage and the caller's expected earning; with the rules'
 * settings in force and how many registrations the caller holds open now.
 */
export async function listUserLeads(ctx: AppContext, user: UserRow, query: LeadUserQuery): Promise<LeadListResponse & { total: number }> {
  assertReferralPartner(user);
  const now = new Date();
  const where = and(eq(leads.user_id, user.id), leadStatusWhere(query.status, now));
  const [rows, [totals], open, settings] = await Promise.all([
    ctx.db.select().from(leads).where(where).orderBy(desc(leads.created_at), desc(leads.id)).limit(query.per_page).offset(offsetOf(query)),
    ctx.db.select({ n: count() }).from(leads).where(where),
    countOpenRegistrations(ctx.db, user.id, now),
    readReferralSettings(ctx.db),
  ]);
  const projects = await leadProjects(ctx.db, rows);
  return {
    leads: rows.map((row) => toLead(row, projects.get(row.id) ?? null, now)),
    settings: settings.value,
    open_registrations: open,
    total: totals?.n ?? 0,
  };
}
