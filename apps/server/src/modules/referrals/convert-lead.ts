import { ADMIN_ROLE, LEAD_MESSAGES, PARTNER_ACCOUNT_TYPES, projectCreateSchema, type AdminLead } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { runWithin, type Executor } from '../../db/client.js';
import { leads, users, type LeadRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import type { ProjectScope } from '../projects/project-access.js';
import { contactRecords } from '../projects/project-records.service.js';
import { createProject } from '../projects/projects.service.js';
import { adminLeadAnswers, AUDITED_LEAD_FIELDS, lockOpenLead } from './admin-leads.service.js';
import { liveProjectAt } from './lead-rules.js';
import { publishLeadChanged } from './lead-events.js';

/**
 * POST /api/admin/leads/{id}/convert (issue 39 item 3): an open lead becomes a project owned by
 * its partner (or, for nobody's lead, the partner the admin names), pre-filled from the form,
 * through the same createProject as POST /api/projects (its account, first stage, stage history,
 * counts and audit entry), with the business owner as its contact. The project, the contact and
 * the lead's conversion are one transaction.
 */

const refuseUser = (message: string) => new AppError('validation_failed', message, { user_id: message });
const NOT_A_PARTNER = 'The owner must be a referral partner or a sales partner.';
const NOT_THE_PARTNER = 'This lead belongs to a partner: it converts to a project of theirs, so send no user_id or theirs.';

/** Whether the user can own a partner's project: a referral or sales partner, not an administrator. */
async function isPartner(tx: Executor, userId: number): Promise<boolean | null> {
  const [user] = await tx.select({ account_type: users.account_type, company_role: users.company_role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  return PARTNER_ACCOUNT_TYPES.includes(user.account_type) && user.company_role !== ADMIN_ROLE;
}

/**
 * The partner who will own the project: the lead's own while they are still a partner, else the
 * one named (who must be a partner account).
 */
async function projectOwner(tx: Executor, lead: LeadRow, requested: number | undefined): Promise<number> {
  if (lead.user_id !== null && (await isPartner(tx, lead.user_id))) {
    if (requested !== undefined && requested !== lead.user_id) throw refuseUser(NOT_THE_PARTNER);
    return lead.user_id;
  }
  if (requested === undefined) throw refuseUser(LEAD_MESSAGES.convertNeedsPartner);
  const partner = await isPartner(tx, requested);
  if (partner === null) throw refuseUser('The owner does not exist.');
  if (!partner) throw refuseUser(NOT_A_PARTNER);
  return requested;
}

/** 409 site_taken when the site is already a project (any stage but Archived), naming it. */
async function refuseProjectAtSite(tx: Executor, siteKey: string): Promise<void> {
  const projectId = await liveProjectAt(tx, siteKey);
  if (projectId !== null) throw new AppError('site_taken', LEAD_MESSAGES.site_is_project, { conflict: 'site_is_project', project_id: String(projectId) });
}

/** "Jane Q. Doe" is Jane Q. and Doe: the last word is the last name. */
export function splitContactName(name: string | null): { contact_first_name: string; contact_last_name: string } {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { contact_first_name: words[0] ?? '', contact_last_name: '' };
  return { contact_first_name: words.slice(0, -1).join(' '), contact_last_name: words[words.length - 1]! };
}

/** The lead's 10 digits as people write them: (512) 555-1370. */
export const formatLeadPhone = (digits: string | null) => (digits && /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (digits ?? ''));

/** The new project's fields from the form, and the meters of its Green Button file when one was sent. */
export function projectFromLead(lead: LeadRow) {
  const usage = lead.usage?.meters.length ? lead.usage.meters : null;
  const parsed = projectCreateSchema.safeParse({
    company_name: lead.company_name,
    address_1: lead.address_1,
    city: lead.city,
    state: lead.state,
    zip: lead.zip,
    utility_company: lead.utility_company,
    average_monthly_power_bill_cost: lead.average_monthly_bill_cents === null ? null : (lead.average_monthly_bill_cents / 100).toFixed(2),
    ...(usage ? { kilowatt_amounts: usage.map((meter) => meter.kwh), meters: usage.map((meter) => ({ name: meter.name.slice(0, 100), months: meter.months })) } : {}),
  });
  if (!parsed.success) throw new AppError('validation_failed', `The lead cannot fill a project: ${parsed.error.issues[0]?.message ?? 'a field is not valid'}`);
  return parsed.data;
}

export async function convertLead(ctx: AppContext, admin: UserRow, leadId: number, requestedOwner: number | undefined): Promise<{ project_id: number; lead: AdminLead }> {
  const now = new Date();
  const scope: ProjectScope = { user: admin, admin: true };
  const converted = await ctx.db.transaction(async (tx) => {
    const before = await lockOpenLead(tx, leadId, now);
    const ownerId = await projectOwner(tx, before, requestedOwner);
    await refuseProjectAtSite(tx, before.site_key);
    const within: AppContext = { ...ctx, db: tx, run: runWithin(tx) };
    const project = await createProject(within, scope, projectFromLead(before), ownerId);
    const contact = { ...splitContactName(before.contact_name), contact_email: before.email ?? '', contact_phone_number: formatLeadPhone(before.phone) };
    if (contact.contact_first_name || contact.contact_email || contact.contact_phone_number) await contactRecords.create(within, scope, project.id, contact);
    const [after] = await tx
      .update(leads)
      .set({ status: 'converted', user_id: ownerId, project_id: project.id, converted_at: now, converted_by: admin.id, expires_at: null, updated_at: now })
      .where(eq(leads.id, leadId))
      .returning();
    if (!after) throw new Error('the converted lead has no row');
    await recordAudit(tx, { actorId: admin.id, action: 'lead_converted', entityType: 'lead', entityId: leadId, changes: diff(before, after, AUDITED_LEAD_FIELDS) });
    return after;
  });
  await publishLeadChanged(ctx, converted.user_id, converted.id);
  const [lead] = await adminLeadAnswers(ctx.db, [converted], now);
  return { project_id: converted.project_id!, lead: lead! };
}
