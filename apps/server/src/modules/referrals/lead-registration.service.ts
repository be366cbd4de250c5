import { ADMIN_ROLE, LEAD_MESSAGES, PARTNER_ACCOUNT_TYPES, type Lead, type leadRegistrationBodySchema } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { enqueueWebhookEvents, leadCreatedEvent } from '../webhooks/webhook-events.js';
import { leads, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import { assertCanWrite } from '../projects/project-access.js';
import { toLead } from './lead-answer.js';
import { announceLeadChanges, countOpenRegistrations, DAY_MS, holdSite, siteConflict, siteKeyOf, siteTaken } from './lead-rules.js';
import { readReferralSettings } from './referral-settings.service.js';

export type LeadRegistration = z.output<typeof leadRegistrationBodySchema>['lead'];

/** Partners register leads; administrators (who also use the member area) and staff accounts do not. */
export function assertCanRegisterLeads(user: UserRow): void {
  if (user.company_role === ADMIN_ROLE || !PARTNER_ACCOUNT_TYPES.includes(user.account_type)) {
    throw new AppError('forbidden', 'Only partner accounts register leads.');
  }
  // A sales partner without a paying subscription is refused as for a new project.
  assertCanWrite(user);
}

/**
 * POST /api/user/leads (issue 39 item 3): a partner registers a site by hand. Refused, in this
 * order, when the site is held: by the caller's own open lead, another partner's, nobody's (the
 * owner asked SunIn directly), a project; then when the caller already holds the most open
 * registrations. The partner's own lock (after the site's, always in that order) keeps two
 * registrations at once at different sites from both passing the limit. Audited on the partner.
 */
export async function registerLead(ctx: AppContext, user: UserRow, input: LeadRegistration, now = new Date()): Promise<Lead> {
  assertCanRegisterLeads(user);
  const { row, expired } = await ctx.db.transaction(async (tx) => {
    const siteKey = await siteKeyOf(tx, input);
    const expired = await holdSite(tx, siteKey, now);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-partner:${user.id}`}))`);
    const conflict = await siteConflict(tx, siteKey, user.id);
    if (conflict) throw siteTaken(conflict);
    const settings = (await readReferralSettings(tx)).value;
    if ((await countOpenRegistrations(tx, user.id, now)) >= settings.max_open_registrations) {
      throw new AppError('registration_limit', LEAD_MESSAGES.registrationLimit(settings.max_open_registrations));
    }
    const [row] = await tx
      .insert(leads)
      .values({ user_id: user.id, source: 'registration', ...input, expires_at: new Date(now.getTime() + settings.registration_days * DAY_MS), created_at: now, updated_at: now })
      .returning();
    if (!row) throw new Error('registerLead: no row written');
    await enqueueWebhookEvents(tx, [leadCreatedEvent(row)]);
    const fields = { user_id: user.id, company_name: row.company_name, address_1: row.address_1, city: row.city, state: row.state, zip: row.zip, expires_at: row.expires_at?.toISOString() ?? null };
    await recordAudit(tx, {
      actorId: user.id,
      action: 'lead_registered',
      entityType: 'lead',
      entityId: row.id,
      changes: Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, { before: null, after: value }])),
    });
    return { row, expired };
  });
  ctx.webhooks.wake();
  await announceLeadChanges(ctx, [row, ...expired]);
  return toLead(row, null, now);
}
