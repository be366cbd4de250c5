import { randomBytes } from 'node:crypto';
import { ADMIN_ROLE, LEAD_MESSAGES, type AdminLead, type Project } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, contacts, leads, projectStageChanges, users } from '../../db/schema/index.js';
import type { BusMessage } from '../../lib/bus.js';
import { multipartBody } from '../../test/fixtures.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { espiFeed } from '../usage/usage-fixtures.js';
import { splitContactName } from './convert-lead.js';
import { daysFromNow, insertLead } from './lead-test-data.js';
import { hashUploadToken } from './lead-usage-file.service.js';

/** POST /api/admin/leads/{id}/convert (issue 39 item 3). */

let t: TestApp;
let admin: SignedIn;
let partner: SignedIn;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  partner = await t.signIn({ first_name: 'Rita', last_name: 'Referrer', account_type: 'referral_partner' });
});
afterAll(async () => t?.close());

const convert = (leadId: number, payload?: object, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/leads/${leadId}/convert`, headers: who.auth, ...(payload === undefined ? {} : { payload }) });
const adminGet = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** The form's fields that a project keeps as they are. */
const HARBOR = { company_name: 'Harbor Cold Storage', address_1: '77 Harbor Way', city: 'San Diego', state: 'CA', zip: '92101', utility_company: 'SDG&E' };

describe('converting a partner’s lead', () => {
  it('creates the partner’s project pre-filled from the form and its Green Button file, with the business owner as contact, in one go', async () => {
    // The owner's form, and the usage file sent with its upload token (the real route).
    const token = randomBytes(32).toString('base64url');
    const lead = await insertLead(t.db, {
      user_id: partner.user.id,
      source: 'link',
      ...HARBOR,
      average_monthly_bill_cents: 1_250_075,
      contact_name: 'Maria de la Cruz',
      email: 'maria@harbor.example',
      phone: '6195550142',
      expires_at: daysFromNow(80),
      upload_token_hash: hashUploadToken(token),
      upload_expires_at: daysFromNow(1),
    });
    const feed = espiFeed({ from: '2024-01-01T08:00:00Z', hours: 366 * 24, whPerHour: 2000, powerOfTen: 0, usagePointTitle: 'Main service' });
    const body = multipartBody([{ field: 'upload_token', data: token }, { field: 'file', filename: 'GreenButton.xml', contentType: 'text/xml', data: feed }]);
    const upload = await t.app.inject({ method: 'POST', url: '/api/public/leads/usage_file', headers: body.headers, payload: body.payload });
    expect(upload.statusCode, upload.body).toBe(200);

    const published: BusMessage[] = [];
    const stop = t.app.ctx.bus.onMessage((message) => published.push(message));
    const res = await convert(lead.id);
    expect(res.statusCode, res.body).toBe(201);
    const { project_id, lead: answer } = res.json() as { project_id: number; lead: AdminLead };
    await vi.waitFor(() => expect(published.some((message) => 'admins' in message)).toBe(true));
    stop();
    expect(published.some((message) => 'userId' in message && message.userId === partner.user.id && 'event' in message && message.event.type === 'leads_changed')).toBe(true);

    expect(answer).toMatchObject({ id: lead.id, status: 'converted', expires_at: null, has_usage_file: true, partner: { id: partner.user.id }, project: { id: project_id, company_name: 'Harbor Cold Storage', project_stage: 'Project Initiation', expected_earning_usd: null } });
    expect(answer.converted_at).not.toBeNull();

    const project = await adminGet<Project>(`/admin/projects/${project_id}`);
    expect(project).toMatchObject({
      user_id: partner.user.id,
      ...HARBOR,
      average_monthly_power_bill_cost: '12500.75',
      project_stage: 'Project Initiation',
    });
    // California's local hours of 2024 at 2 kWh each.
    const hours = [744, 696, 743, 720, 744, 720, 744, 744, 720, 744, 721, 744];
    expect(project.kilowatt_amounts).toEqual([hours.map((h) => h * 2)]);
    expect(project.meters).toEqual([expect.objectContaining({ name: 'Main service', months: Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`) })]);

    expect(await t.db.select().from(contacts).where(eq(contacts.project_id, project_id))).toEqual([
      expect.objectContaining({ contact_first_name: 'Maria de la', contact_last_name: 'Cruz', contact_email: 'maria@harbor.example', contact_phone_number: '(619) 555-0142' }),
    ]);
    // What POST /api/projects writes: the first stay, the creation's audit entry, and the lead's own.
    expect(await t.db.select().from(projectStageChanges).where(eq(projectStageChanges.project_id, project_id))).toEqual([expect.objectContaining({ from_stage: null, to_stage: 'Project Initiation', changed_by: admin.user.id })]);
    const projectAudit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'project'), eq(auditEntries.entity_id, project_id)));
    expect(projectAudit.map((entry) => entry.action).sort()).toEqual(['contact_created', 'created']);
    const [leadAudit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'lead'), eq(auditEntries.entity_id, lead.id)));
    expect(leadAudit).toMatchObject({ actor_id: admin.user.id, action: 'lead_converted', changes: { status: { before: 'new', after: 'converted' }, project_id: { before: null, after: project_id } } });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ status: 'converted', project_id, converted_by: admin.user.id, expires_at: null });

    // The partner sees the project as theirs, and the lead with its stage.
    const mine = await t.app.inject({ method: 'GET', url: '/api/projects', headers: partner.auth });
    expect((mine.json() as Project[]).map((p) => p.id)).toContain(project_id);
    const theirLeads = await t.app.inject({ method: 'GET', url: '/api/user/leads?status=converted', headers: partner.auth });
    expect(theirLeads.json().leads).toEqual([expect.objectContaining({ id: lead.id, project: expect.objectContaining({ id: project_id, project_stage: 'Project Initiation' }) })]);

    // A later stage change reaches the partner's socket as their notification naming the project:
    // the open Referrals page reads its leads again on it.
    const heard: BusMessage[] = [];
    const listen = t.app.ctx.bus.onMessage((message) => heard.push(message));
    const staged = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${project_id}`, headers: admin.auth, payload: { project: { project_stage: 'Site Survey and Finalization' } } });
    expect(staged.statusCode, staged.body).toBe(200);
    // With Redis the bus delivers after a round trip, not within the request: wait for it.
    await vi.waitFor(() => expect(heard).toContainEqual({ userId: partner.user.id, event: { type: 'notification_created', payload: expect.objectContaining({ kind: 'stage_changes', project_id }) } }));
    listen();

    // Converted is closed: a second conversion is refused.
    const again = await convert(lead.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(LEAD_MESSAGES.notOpen);
  });

  it('needs no contact when the lead has none (a registration), and refuses another owner than the lead’s partner', async () => {
    const lead = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', contact_name: null, email: null, phone: null, utility_company: null, average_monthly_bill_cents: null, expires_at: daysFromNow(10) });
    const other = await t.signIn();
    const refused = await convert(lead.id, { user_id: other.user.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toHaveProperty('user_id');
    const res = await convert(lead.id, { user_id: partner.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const { project_id } = res.json() as { project_id: number };
    expect(await t.db.select().from(contacts).where(eq(contacts.project_id, project_id))).toEqual([]);
    const project = await adminGet<Project>(`/admin/projects/${project_id}`);
    expect(project).toMatchObject({ user_id: partner.user.id, utility_company: '', average_monthly_power_bill_cost: '', kilowatt_amounts: [] });
  });
});

describe('converting a lead of nobody', () => {
  it('needs the partner who will own it: none, an administrator, another account type or nobody at all is refused with 422', async () => {
    const lead = await insertLead(t.db, { user_id: null });
    const none = await convert(lead.id, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toMatchObject({ code: 'validation_failed', message: LEAD_MESSAGES.convertNeedsPartner, fields: { user_id: LEAD_MESSAGES.convertNeedsPartner } });
    expect((await convert(lead.id)).json().error.message).toBe(LEAD_MESSAGES.convertNeedsPartner);
    const enterprise = await t.signIn({ account_type: 'enterprize_partner' });
    for (const userId of [admin.user.id, enterprise.user.id, 2_000_000_000]) {
      const res = await convert(lead.id, { user_id: userId });
      expect(res.statusCode, String(userId)).toBe(422);
      expect(res.json().error.fields).toHaveProperty('user_id');
    }
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ status: 'new', user_id: null, project_id: null });
  });

  it('asks for a partner when the lead’s owner is no longer one (made an administrator since)', async () => {
    const promoted = await t.signIn();
    const lead = await insertLead(t.db, { user_id: promoted.user.id });
    await t.db.update(users).set({ company_role: ADMIN_ROLE }).where(eq(users.id, promoted.user.id));
    const refused = await convert(lead.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(LEAD_MESSAGES.convertNeedsPartner);
    const named = await convert(lead.id, { user_id: partner.user.id });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('gives the lead and the project to the partner named', async () => {
    const sales = await t.signIn({ account_type: 'sales_partner' });
    const lead = await insertLead(t.db, { user_id: null });
    const res = await convert(lead.id, { user_id: sales.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const { project_id, lead: answer } = res.json() as { project_id: number; lead: AdminLead };
    expect(answer.partner?.id).toBe(sales.user.id);
    expect((await adminGet<Project>(`/admin/projects/${project_id}`)).user_id).toBe(sales.user.id);
  });
});

describe('refusals', () => {
  it('answers 409 site_taken when the site is already a project (not an archived one), naming it', async () => {
    const lead = await insertLead(t.db, { user_id: partner.user.id, address_1: '12 Dock Street', city: 'Austin', state: 'TX', zip: '78701' });
    // The same site however it is written.
    const existing = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { company_name: 'Dock Co', address_1: '12 dock st.', city: 'AUSTIN', state: 'TX', zip: '78701', user_id: partner.user.id } } });
    expect(existing.statusCode, existing.body).toBe(201);
    const projectId = (existing.json() as { id: number }).id;
    const res = await convert(lead.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'site_taken', message: LEAD_MESSAGES.site_is_project, fields: { conflict: 'site_is_project', project_id: String(projectId) } } });
    expect((await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]?.status).toBe('new');

    const archived = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${projectId}`, headers: admin.auth, payload: { project: { project_stage: 'Archived' } } });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await convert(lead.id)).statusCode).toBe(201);
  });

  it('refuses a closed lead (422), an unknown one (404), a member (403) and a body it does not know', async () => {
    const rejected = await insertLead(t.db, { user_id: partner.user.id, status: 'rejected' });
    const lapsed = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', expires_at: daysFromNow(-1) });
    for (const lead of [rejected, lapsed]) {
      const res = await convert(lead.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'rule_broken', message: LEAD_MESSAGES.notOpen });
    }
    expect((await convert(2_000_000_000)).statusCode).toBe(404);
    const open = await insertLead(t.db, { user_id: partner.user.id });
    expect((await convert(open.id, {}, partner)).statusCode).toBe(403);
    expect((await convert(open.id, { user_id: 'someone' })).statusCode).toBe(422);
    expect((await convert(open.id, { owner: partner.user.id })).statusCode).toBe(422);
    expect((await t.db.select().from(leads).where(eq(leads.id, open.id)))[0]?.status).toBe('new');
  });
});

describe('splitContactName', () => {
  it('takes the last word as the last name', () => {
    expect(splitContactName('Jane Q. Doe')).toEqual({ contact_first_name: 'Jane Q.', contact_last_name: 'Doe' });
    expect(splitContactName('  Cher ')).toEqual({ contact_first_name: 'Cher', contact_last_name: '' });
    expect(splitContactName(null)).toEqual({ contact_first_name: '', contact_last_name: '' });
  });
});
