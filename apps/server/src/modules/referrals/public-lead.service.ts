import { createHash, randomBytes } from 'node:crypto';
import { toCents, type publicLeadSchema } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { enqueueWebhookEvents, leadCreatedEvent } from '../webhooks/webhook-events.js';
import { leads, type LeadRow } from '../../db/schema/index.js';
import { leadConfirmationMail } from './lead-confirmation.mail.js';
import { announceLeadChanges, attributedClick, DAY_MS, holdSite, liveProjectAt, openLeadAt, siteKeyOf } from './lead-rules.js';
import { readReferralSettings } from './referral-settings.service.js';

/** The usage-file token works for an hour after the form (POST /api/public/leads/usage_file). */
export const UPLOAD_TOKEN_LIFETIME_MS = 3_600_000;

export type PublicLead = z.output<typeof publicLeadSchema>;

/**
 * The business owner's form (issue 39 items 2 and 3): a lead, or the site's open lead brought up
 * to date, by the site rules of docs/decisions/050.
 * - The partner of the form is the cookie's click if it is in the attribution window.
 * - A site with an open lead gets no second one: the form's contact details go on it. Nobody's
 *   lead becomes the partner's (a registration from now), unless the site is a project; another
 *   partner's stays theirs, the form's partner noted as `referred_by` ('site_registered').
 * - A site that is a project: a lead of nobody, the form's partner as `referred_by` ('site_is_project').
 * - Otherwise a new lead: the partner's (source 'link', for registration_days) or nobody's ('site').
 * The confirmation email is written to the outbox in the same transaction. Answers the token
 * that lets the same visitor attach a usage file (only its SHA-256 is kept).
 */
export async function submitPublicLead(ctx: AppContext, lead: PublicLead, cookieToken: string | undefined, now = new Date()): Promise<{ uploadToken: string; lead: LeadRow }> {
  const uploadToken = randomBytes(32).toString('base64url');
  const contact = {
    contact_name: lead.contact_name,
    email: lead.email,
    phone: lead.phone,
    utility_company: lead.utility_company,
    average_monthly_bill_cents: toCents(lead.average_monthly_bill),
    upload_token_hash: createHash('sha256').update(uploadToken).digest('hex'),
    upload_expires_at: new Date(now.getTime() + UPLOAD_TOKEN_LIFETIME_MS),
    updated_at: now,
  };
  const { row, expired } = await ctx.db.transaction(async (tx) => {
    const siteKey = await siteKeyOf(tx, lead);
    const expired = await holdSite(tx, siteKey, now);
    const settings = (await readReferralSettings(tx)).value;
    const click = await attributedClick(tx, cookieToken, settings.attribution_window_days, now);
    const registration = click ? { user_id: click.userId, source: 'link' as const, click_id: click.clickId, expires_at: new Date(now.getTime() + settings.registration_days * DAY_MS) } : null;
    const open = await openLeadAt(tx, siteKey);
    let row: LeadRow | undefined;
    if (open) {
      // A later form never overwrites what the lead holds (anyone can send any address): it fills
      // only what is empty (a registration by hand has no contact yet), and hands a lead to no one.
      const fill = Object.fromEntries(Object.entries(contact).filter(([field]) => open[field as keyof LeadRow] === null || field === 'updated_at'));
      if (open.upload_token_hash !== null || open.usage_file_key !== null) {
        delete fill.upload_token_hash;
        delete fill.upload_expires_at;
      }
      const attribution = click && click.userId !== open.user_id ? { referred_by: click.userId, conflict: open.user_id === null ? ('site_requested' as const) : ('site_registered' as const) } : {};
      [row] = await tx.update(leads).set({ ...fill, ...attribution }).where(eq(leads.id, open.id)).returning();
    } else {
      const onProject = (await liveProjectAt(tx, siteKey)) !== null;
      const owner = onProject
        ? { user_id: null, source: click ? ('link' as const) : ('site' as const), click_id: click?.clickId ?? null, referred_by: click?.userId ?? null, conflict: 'site_is_project' as const, expires_at: new Date(now.getTime() + settings.registration_days * DAY_MS) }
        : (registration ?? { source: 'site' as const, expires_at: new Date(now.getTime() + settings.registration_days * DAY_MS) });
      [row] = await tx
        .insert(leads)
        .values({ company_name: lead.company_name, address_1: lead.address_1, city: lead.city, state: lead.state, zip: lead.zip, ...contact, ...owner, created_at: now })
        .returning();
      if (row) await enqueueWebhookEvents(tx, [leadCreatedEvent(row)]);
    }
    if (!row) throw new Error('submitPublicLead: no row written');
    await ctx.mailer.enqueue(
      tx,
      leadConfirmationMail({
        to: lead.email,
        state: lead.state,
        zip: lead.zip,
        averageMonthlyBillUsd: lead.average_monthly_bill,
        supportEmail: ctx.config.supportEmail,
        appUrl: ctx.config.appUrl,
      }),
    );
    return { row, expired };
  });
  ctx.mailer.wake();
  ctx.webhooks.wake();
  await announceLeadChanges(ctx, [row, ...expired]);
  return { uploadToken, lead: row };
}
