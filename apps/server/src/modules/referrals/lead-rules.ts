import { ADMIN_CHANGED_EVENT, ADMIN_ROLE, ARCHIVED_STAGE, LEAD_MESSAGES, OPEN_LEAD_STATUSES, PARTNER_ACCOUNT_TYPES, type LeadConflict } from '@sunin/contract';
import { and, asc, count, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { leads, projects, referralClicks, users, type LeadRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { publishLeadChanged } from './lead-events.js';

/*
 * The site rules of issue 39 item 3 (docs/decisions/050): one open lead per site (its normalised
 * address, the projects' `sunin_site_key`), the first holder keeps it, a lead ends when its
 * registration runs out. Every write that decides who holds a site runs in one transaction that
 * first takes the site's advisory lock (`holdSite`), so two writes to one site follow each other;
 * `leads_open_site_uidx` stays the last word should anything bypass the lock.
 */

export const DAY_MS = 86_400_000;
const OPEN_STATUSES = [...OPEN_LEAD_STATUSES];
const isOpen = inArray(leads.status, OPEN_STATUSES);

export interface SiteAddress {
  address_1: string;
  city: string;
  state: string;
  zip: string;
}

/** A lead whose change its partner and the admin queue hear of after the commit. */
export type ChangedLead = Pick<LeadRow, 'id' | 'user_id'>;

/** The site's key, by the database's own function (the generated column of leads and projects): '' never matches. */
export async function siteKeyOf(tx: Executor, site: SiteAddress): Promise<string> {
  const result = (await tx.execute(sql`select sunin_site_key(${site.address_1}, ${site.city}, ${site.state}, ${site.zip}) as key`)) as unknown as { rows: { key: string }[] };
  return result.rows[0]?.key ?? '';
}

/**
 * Marks open leads past their expiry 'expired' (all of them, or the site's): the job's work, done
 * first by every write to a site too, so an ended registration frees its site at once.
 */
export async function expireLeads(tx: Executor, now: Date, siteKey?: string): Promise<ChangedLead[]> {
  return tx
    .update(leads)
    .set({ status: 'expired', updated_at: now })
    .where(and(isOpen, lte(leads.expires_at, now), siteKey === undefined ? undefined : eq(leads.site_key, siteKey)))
    .returning({ id: leads.id, user_id: leads.user_id });
}

/**
 * Serialises the writes to one site until the transaction ends, then expires its ended leads.
 * A site without a key ('', too incomplete an address) is nobody's to hold: nothing is locked.
 */
export async function holdSite(tx: Executor, siteKey: string, now: Date): Promise<ChangedLead[]> {
  if (siteKey === '') return [];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-site:${siteKey}`}))`);
  return expireLeads(tx, now, siteKey);
}

/** The site's open lead (at most one, leads_open_site_uidx), locked for this transaction. */
export async function openLeadAt(tx: Executor, siteKey: string): Promise<LeadRow | undefined> {
  if (siteKey === '') return undefined;
  const [row] = await tx.select().from(leads).where(and(eq(leads.site_key, siteKey), isOpen)).limit(1).for('update');
  return row;
}

/** The oldest project of anyone's at the site, at any stage but Archived (projects_site_idx), or null. */
export async function liveProjectAt(tx: Executor, siteKey: string): Promise<number | null> {
  if (siteKey === '') return null;
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(sql`${projects.site_key} <> ''`, eq(projects.site_key, siteKey), ne(projects.project_stage, ARCHIVED_STAGE)))
    .orderBy(asc(projects.id))
    .limit(1);
  return row?.id ?? null;
}

/** The partner's open registrations as of `now` (an open one past its expiry no longer counts). */
export async function countOpenRegistrations(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.user_id, userId), eq(leads.source, 'registration'), isOpen, or(isNull(leads.expires_at), gt(leads.expires_at, now))));
  return row?.n ?? 0;
}

/** A referral or sales partner account that is not an administrator: who a code, a click or a lead can belong to. */
export const isPartnerAccount = and(inArray(users.account_type, [...PARTNER_ACCOUNT_TYPES]), or(isNull(users.company_role), ne(users.company_role, ADMIN_ROLE)))!;

/**
 * The click an attribution cookie names, if it falls in the attribution window and its partner
 * still exists: the lead is theirs. The cookie holds the last click, so the last click wins.
 */
export async function attributedClick(tx: Executor, cookieToken: string | undefined, windowDays: number, now: Date): Promise<{ clickId: number; userId: number } | null> {
  if (!cookieToken || cookieToken.length > 100) return null;
  const [click] = await tx
    .select({ clickId: referralClicks.id, userId: referralClicks.user_id })
    .from(referralClicks)
    .innerJoin(users, eq(users.id, referralClicks.user_id))
    .where(and(eq(referralClicks.token, cookieToken), gt(referralClicks.clicked_at, new Date(now.getTime() - windowDays * DAY_MS)), isPartnerAccount))
    .limit(1);
  return click ?? null;
}

/** Why `userId` cannot register the site, if it is held: by an open lead, or by a project. */
export async function siteConflict(tx: Executor, siteKey: string, userId: number): Promise<LeadConflict | null> {
  const open = await openLeadAt(tx, siteKey);
  if (open && open.user_id !== null) return open.user_id === userId ? 'site_registered_by_you' : 'site_registered';
  if ((await liveProjectAt(tx, siteKey)) !== null) return 'site_is_project';
  return open ? 'site_requested' : null;
}

/** 409 `site_taken`, the reason in `fields.conflict` and its message word for word. */
export const siteTaken = (conflict: LeadConflict) => new AppError('site_taken', LEAD_MESSAGES[conflict], { conflict });

/**
 * After the commit: each partner whose lead changed hears `leads_changed`, and every open admin
 * queue `admin_changed`. The write has happened: a failed publish is logged, and the pages
 * catch up at their next read.
 */
export async function announceLeadChanges(ctx: AppContext, changed: ChangedLead[]): Promise<void> {
  if (changed.length === 0) return;
  const byPartner = new Map<number, number>();
  for (const lead of changed) if (lead.user_id !== null && !byPartner.has(lead.user_id)) byPartner.set(lead.user_id, lead.id);
  try {
    await Promise.all([
      ...[...byPartner].map(([userId, leadId]) => publishLeadChanged(ctx, userId, leadId)),
      ctx.bus.publish({ admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: '/api/admin/leads' } } }),
    ]);
  } catch (error) {
    ctx.log.warn({ err: error }, 'lead change publish failed');
  }
}
