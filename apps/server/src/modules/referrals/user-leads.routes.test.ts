import { DEFAULT_REFERRAL_SETTINGS, leadListResponseSchema, type Lead } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { daysFromNow, insertLead } from './lead-test-data.js';

/** GET /api/user/leads (issue 39 item 4): the partner's own leads, their status and their projects. */

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const list = (who: SignedIn, query = '') => t.app.inject({ method: 'GET', url: `/api/user/leads${query}`, headers: who.auth });
const leadsOf = async (who: SignedIn, query = '') => {
  const res = await list(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return leadListResponseSchema.parse(res.json());
};

async function projectOf(ownerId: number, company_name: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { company_name, user_id: ownerId } } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('GET /api/user/leads', () => {
  it('answers only the caller’s leads, newest first, paged, without the business owner’s contact details', async () => {
    const partner = await t.signIn();
    const other = await t.signIn();
    const older = await insertLead(t.db, { user_id: partner.user.id, source: 'link', company_name: 'Older Co', created_at: daysFromNow(-3) });
    const newer = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', company_name: 'Newer Co', contact_name: null, created_at: daysFromNow(-1), expires_at: daysFromNow(89) });
    await insertLead(t.db, { user_id: other.user.id, company_name: 'Not Yours Co' });
    await insertLead(t.db, { user_id: null, company_name: 'Nobody Co' });

    const answer = await leadsOf(partner);
    expect(answer.leads.map((lead) => lead.id)).toEqual([newer.id, older.id]);
    expect(answer.leads[1]).toEqual({
      id: older.id,
      status: 'new',
      source: 'link',
      company_name: 'Older Co',
      contact_name: 'Jane Q. Doe',
      address_1: older.address_1,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      expires_at: null,
      rejected_reason: null,
      project: null,
      created_at: older.created_at.toISOString(),
      updated_at: older.updated_at.toISOString(),
    } satisfies Lead);
    expect(JSON.stringify(answer)).not.toMatch(/jane@inland\.example|5125551370|Not Yours Co|Nobody Co/);
    expect(answer.settings).toEqual(DEFAULT_REFERRAL_SETTINGS);

    const page = await list(partner, '?per_page=1&page=2');
    expect(page.headers['x-total-count']).toBe('2');
    expect(page.headers.link).toContain('rel="prev"');
    expect((page.json() as { leads: Lead[] }).leads.map((lead) => lead.id)).toEqual([older.id]);
  });

  it('counts the caller’s open, unexpired registrations, and filters by status: expired includes open leads past their expiry', async () => {
    const partner = await t.signIn();
    const open = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', expires_at: daysFromNow(10) });
    const contacted = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', status: 'contacted', expires_at: daysFromNow(10) });
    const lapsed = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', expires_at: daysFromNow(-1) });
    const marked = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', status: 'expired', expires_at: daysFromNow(-5) });
    const fromLink = await insertLead(t.db, { user_id: partner.user.id, source: 'link', expires_at: daysFromNow(10) });
    const rejected = await insertLead(t.db, { user_id: partner.user.id, source: 'registration', status: 'rejected', rejected_reason: 'Not a business' });

    const all = await leadsOf(partner);
    expect(all.open_registrations).toBe(2);
    const byId = new Map(all.leads.map((lead) => [lead.id, lead]));
    expect(byId.get(lapsed.id)).toMatchObject({ status: 'expired', expires_at: null });
    expect(byId.get(open.id)).toMatchObject({ status: 'new', expires_at: open.expires_at!.toISOString() });
    expect(byId.get(rejected.id)).toMatchObject({ status: 'rejected', rejected_reason: 'Not a business' });

    const ids = async (status: string) => (await leadsOf(partner, `?status=${status}`)).leads.map((lead) => lead.id).sort((a, b) => a - b);
    expect(await ids('expired')).toEqual([lapsed.id, marked.id].sort((a, b) => a - b));
    expect(await ids('new')).toEqual([open.id, fromLink.id].sort((a, b) => a - b));
    expect(await ids('contacted')).toEqual([contacted.id]);
    expect(await ids('rejected')).toEqual([rejected.id]);
    expect((await list(partner, '?status=expired')).headers['x-total-count']).toBe('2');
  });

  it('shows a converted lead’s project stage, and the partner’s expected earning once a deal is set (null before)', async () => {
    const partner = await t.signIn({ account_type: 'referral_partner' });
    const projectId = await projectOf(partner.user.id, 'Harbor Cold Storage');
    const lead = await insertLead(t.db, { user_id: partner.user.id, source: 'link', status: 'converted', project_id: projectId, converted_at: new Date() });

    const before = (await leadsOf(partner)).leads.find((row) => row.id === lead.id)!;
    expect(before).toMatchObject({ status: 'converted', expires_at: null, project: { id: projectId, company_name: 'Harbor Cold Storage', project_stage: 'Project Initiation', expected_earning_usd: null } });

    const deal = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${projectId}/deal`, headers: admin.auth, payload: { contract_value_usd: 250_000, net_profit_usd: 48_250.55 } });
    expect(deal.statusCode, deal.body).toBe(200);
    const stage = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${projectId}`, headers: admin.auth, payload: { project: { project_stage: 'Site Survey and Finalization' } } });
    expect(stage.statusCode, stage.body).toBe(200);

    const after = (await leadsOf(partner)).leads.find((row) => row.id === lead.id)!;
    // 20 % of the net profit, the referral partner's share.
    expect(after.project).toEqual({ id: projectId, company_name: 'Harbor Cold Storage', project_stage: 'Site Survey and Finalization', expected_earning_usd: 9650.11 });
  });

  it('refuses an unknown status or query key, administrators (403) and anyone signed out (401)', async () => {
    const partner = await t.signIn();
    const bad = await list(partner, '?status=lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Unknown lead status.');
    expect((await list(partner, '?owner=1')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await list(partner, '?owner=1')).statusCode).toBeLessThan(500);
    expect((await list(admin)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/leads' })).statusCode).toBe(401);
  });
});
