import { adminLeadListResponseSchema, LEAD_MESSAGES, type AdminLead } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, leads } from '../../db/schema/index.js';
import type { BusMessage } from '../../lib/bus.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { daysFromNow, insertClick, insertLead } from './lead-test-data.js';

/** The admin queue of leads (issue 39 item 3): the list, contacted and rejected. */

let t: TestApp;
let admin: SignedIn;
let partner: SignedIn;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  partner = await t.signIn({ first_name: 'Rita', last_name: 'Referrer', company_name: 'Rita Energy Advisors' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object, who: SignedIn = admin) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload === undefined ? {} : { payload }) });
const queue = async (query = '') => {
  const res = await call('GET', `/admin/leads${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return adminLeadListResponseSchema.parse(res.json()).leads;
};
const auditOf = (leadId: number) => t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'lead'), eq(auditEntries.entity_id, leadId)));

/** The bus messages a write publishes: its partner's leads_changed and the admins' admin_changed. */
async function publishedBy<T>(write: () => Promise<T>, path: string): Promise<{ result: T; partners: number[] }> {
  const published: BusMessage[] = [];
  const stop = t.app.ctx.bus.onMessage((message) => published.push(message));
  const result = await write();
  await vi.waitFor(() => expect(published.some((message) => 'admins' in message && (message.event.payload as { path?: string }).path === path)).toBe(true));
  stop();
  const partners = published.flatMap((message) => ('userId' in message && 'event' in message && message.event.type === 'leads_changed' ? [message.userId] : []));
  return { result, partners };
}

describe('GET /api/admin/leads', () => {
  it('lists every lead newest first with its partner, the click and who referred a conflicting form; filters and searches', async () => {
    const referrer = await t.signIn({ first_name: 'Otto', last_name: 'Other' });
    const clickedAt = daysFromNow(-2);
    const click = await insertClick(t.db, partner.user.id, clickedAt);
    const linked = await insertLead(t.db, { user_id: partner.user.id, source: 'link', click_id: click, company_name: 'Queue Linked Co', created_at: daysFromNow(-1), expires_at: daysFromNow(89) });
    const conflicting = await insertLead(t.db, { user_id: null, referred_by: referrer.user.id, conflict: 'site_is_project', company_name: 'Queue Conflict Co', city: 'Round Rock', email: 'owner@conflict.example' });

    const rows = await queue('?q=Queue');
    expect(rows.map((row) => row.id)).toEqual([conflicting.id, linked.id]);
    expect(rows[1]).toMatchObject({
      id: linked.id,
      status: 'new',
      source: 'link',
      email: 'jane@inland.example',
      phone: '5125551370',
      utility_company: 'Austin Energy',
      average_monthly_bill: 1234.5,
      has_usage_file: false,
      partner: { id: partner.user.id, name: 'Rita Referrer', company_name: 'Rita Energy Advisors' },
      referred_by: null,
      conflict: null,
      clicked_at: clickedAt.toISOString(),
      converted_at: null,
    } satisfies Partial<AdminLead>);
    expect(rows[0]).toMatchObject({ partner: null, referred_by: { id: referrer.user.id, name: 'Otto Other' }, conflict: 'site_is_project', clicked_at: null });

    // q matches the company, the contact, the email and the city, case-insensitively and literally.
    expect((await queue('?q=round%20rock')).map((row) => row.id)).toEqual([conflicting.id]);
    expect((await queue('?q=OWNER@CONFLICT')).map((row) => row.id)).toEqual([conflicting.id]);
    expect((await queue(`?q=Queue&user_id=${partner.user.id}`)).map((row) => row.id)).toEqual([linked.id]);
    expect(await queue('?q=Queue%25')).toEqual([]);
    const expired = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', company_name: 'Queue Lapsed Co', expires_at: daysFromNow(-1) });
    expect((await queue('?q=Queue&status=expired')).map((row) => row.id)).toEqual([expired.id]);
    expect((await queue('?q=Queue&status=new')).map((row) => row.id)).toEqual([conflicting.id, linked.id]);

    const page = await call('GET', '/admin/leads?q=Queue&per_page=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');
  });

  it('refuses members (403), an unknown status and unknown query keys', async () => {
    expect((await call('GET', '/admin/leads', undefined, partner)).statusCode).toBe(403);
    expect((await call('GET', '/admin/leads?status=lost')).statusCode).toBe(422);
    expect((await call('GET', '/admin/leads?owner=1')).statusCode).toBe(422);
  });
});

describe('PATCH /api/admin/leads/{id} and POST /api/admin/leads/{id}/reject', () => {
  it('marks a new lead contacted: audited, its partner and the admin pages told', async () => {
    const lead = await insertLead(t.db, { user_id: partner.user.id, source: 'link', expires_at: daysFromNow(30) });
    const { result: res, partners } = await publishedBy(() => call('PATCH', `/admin/leads/${lead.id}`, { lead: { status: 'contacted' } }), '/api/admin/leads/:id');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { lead: AdminLead }).lead).toMatchObject({ id: lead.id, status: 'contacted', expires_at: lead.expires_at!.toISOString() });
    expect(partners).toEqual([partner.user.id]);
    expect(await auditOf(lead.id)).toEqual([expect.objectContaining({ actor_id: admin.user.id, action: 'lead_contacted', changes: { status: { before: 'new', after: 'contacted' } } })]);
    // Contacted is still open: it can be rejected.
    const rejected = await call('POST', `/admin/leads/${lead.id}/reject`, { reason: '  Not a commercial site  ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((rejected.json() as { lead: AdminLead }).lead).toMatchObject({ status: 'rejected', rejected_reason: 'Not a commercial site', expires_at: null });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ status: 'rejected', rejected_by: admin.user.id, expires_at: null });
    expect((await auditOf(lead.id)).map((entry) => entry.action).sort()).toEqual(['lead_contacted', 'lead_rejected']);
  });

  it('rejects a lead of nobody without telling any partner', async () => {
    const lead = await insertLead(t.db, { user_id: null });
    const { result: res, partners } = await publishedBy(() => call('POST', `/admin/leads/${lead.id}/reject`, { reason: 'Duplicate request' }), '/api/admin/leads/:id/reject');
    expect(res.statusCode, res.body).toBe(200);
    expect(partners).toEqual([]);
  });

  it('changes only open leads: a rejected, converted or expired (even before the job) lead answers 422', async () => {
    const closed = [
      await insertLead(t.db, { user_id: partner.user.id, status: 'rejected', rejected_reason: 'No' }),
      await insertLead(t.db, { user_id: partner.user.id, status: 'converted' }),
      await insertLead(t.db, { user_id: partner.user.id, status: 'expired' }),
      await insertLead(t.db, { user_id: partner.user.id, source: 'registration', expires_at: daysFromNow(-1) }),
    ];
    for (const lead of closed) {
      for (const res of [await call('PATCH', `/admin/leads/${lead.id}`, { lead: { status: 'contacted' } }), await call('POST', `/admin/leads/${lead.id}/reject`, { reason: 'Late' })]) {
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({ error: { code: 'rule_broken', message: LEAD_MESSAGES.notOpen } });
      }
      expect(await auditOf(lead.id)).toEqual([]);
    }
  });

  it('answers 404 for an unknown lead, 403 to a member, and refuses bodies it does not know', async () => {
    const lead = await insertLead(t.db, { user_id: partner.user.id });
    expect((await call('PATCH', '/admin/leads/2000000000', { lead: { status: 'contacted' } })).statusCode).toBe(404);
    expect((await call('POST', '/admin/leads/2000000000/reject', { reason: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/admin/leads/${lead.id}`, { lead: { status: 'contacted' } }, partner)).statusCode).toBe(403);
    expect((await call('POST', `/admin/leads/${lead.id}/reject`, { reason: 'x' }, partner)).statusCode).toBe(403);

    const converted = await call('PATCH', `/admin/leads/${lead.id}`, { lead: { status: 'converted' } });
    expect(converted.statusCode).toBe(422);
    expect(converted.body).toContain('A lead can be marked contacted here; convert or reject it with their own actions.');
    expect((await call('PATCH', `/admin/leads/${lead.id}`, { lead: { status: 'contacted', user_id: 1 } })).statusCode).toBe(422);
    expect((await call('POST', `/admin/leads/${lead.id}/reject`, { reason: '   ' })).json().error.message).toBe('Give the reason.');
    expect((await call('POST', `/admin/leads/${lead.id}/reject`, { reason: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await call('POST', `/admin/leads/${lead.id}/reject`, { reason: 'No', status: 'rejected' })).statusCode).toBe(422);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.status).toBe('new');
  });
});
