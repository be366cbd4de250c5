import { ADMIN_CHANGED_EVENT, DEFAULT_REFERRAL_SETTINGS, LEAD_MESSAGES, LEADS_CHANGED_EVENT, type LeadConflict } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, leads } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { expireDueLeads } from './lead-expiry.job.js';
import { referralHelpers } from './referral-test-helpers.js';

/** POST /api/user/leads (issue 39 item 3): the conflicts in their order, the limit, expiry, and one winner at a time. */
let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof referralHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  h = referralHelpers(t);
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const DAY_MS = 86_400_000;
let siteNumber = 0;
const newSite = (street = 'Registry Street') => ({ company_name: `Registered Co ${++siteNumber}`, address_1: `${siteNumber} ${street}`, city: 'Dallas', state: 'TX', zip: '75201' });
type Site = ReturnType<typeof newSite>;
const register = (who: SignedIn, lead: Partial<Site> | Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/leads', headers: who.auth, payload: { lead, ...extra } });
const putSettings = (change: Partial<typeof DEFAULT_REFERRAL_SETTINGS>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/referral-settings', headers: admin.auth, payload: { settings: { ...DEFAULT_REFERRAL_SETTINGS, ...change } } });

function expectConflict(res: Awaited<ReturnType<typeof register>>, conflict: LeadConflict) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toEqual({ error: { code: 'site_taken', message: LEAD_MESSAGES[conflict], fields: { conflict } } });
}

describe('registering a site', () => {
  it("answers 201 with the partner's lead: source registration, expiring after the registration length; audited", async () => {
    const partner = await t.signIn();
    const site = newSite();
    const res = await register(partner, site);
    expect(res.statusCode, res.body).toBe(201);
    const { lead } = res.json() as { lead: { id: number; expires_at: string; created_at: string } };
    expect(lead).toMatchObject({ status: 'new', source: 'registration', company_name: site.company_name, address_1: site.address_1, city: 'Dallas', state: 'TX', zip: '75201', contact_name: null, project: null, rejected_reason: null });
    expect((Date.parse(lead.expires_at) - Date.parse(lead.created_at)) / DAY_MS).toBeCloseTo(DEFAULT_REFERRAL_SETTINGS.registration_days, 5);
    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row).toMatchObject({ user_id: partner.user.id, source: 'registration' });
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'lead_registered'), eq(auditEntries.entity_id, lead.id)));
    expect(entry).toMatchObject({ actor_id: partner.user.id, entity_type: 'lead' });
    expect(entry!.changes).toMatchObject({ user_id: { before: null, after: partner.user.id }, address_1: { before: null, after: site.address_1 } });
  });

  it('bodies are strict (company and address only) and validated', async () => {
    const partner = await t.signIn();
    for (const [body, extra] of [
      [{ ...newSite(), email: 'x@example.com' }, {}],
      [newSite(), { user_id: 1 }],
      [{ ...newSite(), state: 'ZZ' }, {}],
      [{ ...newSite(), zip: '123' }, {}],
      [{ ...newSite(), company_name: '   ' }, {}],
    ] as const) {
      const res = await register(partner, body, extra);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('partner accounts only: admins and staff 403, a sales partner without a subscription is refused as for a project, with one it passes', async () => {
    for (const who of [admin, await t.signIn({ account_type: 'administrative_partner' }), await t.signIn({ account_type: 'enterprize_partner' })]) {
      expect((await register(who, newSite())).statusCode, who.user.account_type).toBe(403);
    }
    const unpaid = await t.signIn({ account_type: 'sales_partner', subscription_status: null });
    const res = await register(unpaid, newSite());
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('payment_required');
    expect((await register(await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' }), newSite())).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/leads', payload: { lead: newSite() } })).statusCode).toBe(401);
  });
});

describe('conflicts, in order', () => {
  it("the caller's own open lead, another partner's, a project, then nobody's; each 409 site_taken with the reason", async () => {
    const me = await t.signIn();
    const other = await t.signIn();

    const mine = newSite();
    expect((await register(me, mine)).statusCode).toBe(201);
    // The same site however it is written.
    expectConflict(await register(me, { ...mine, company_name: 'Again', address_1: `${mine.address_1.toUpperCase().replace('STREET', 'St.')} #200` }), 'site_registered_by_you');
    expectConflict(await register(other, mine), 'site_registered');

    const requested = newSite();
    expect((await h.submit(h.form(requested))).statusCode).toBe(201);
    expectConflict(await register(me, requested), 'site_requested');

    const project = newSite();
    await h.projectAt(other, project);
    expectConflict(await register(me, project), 'site_is_project');

    // The order: a site held both by a partner's open lead and a project answers for the lead
    // first; a project comes before the business owner's own request (nobody's lead).
    await h.projectAt(other, mine);
    expectConflict(await register(me, mine), 'site_registered_by_you');
    await h.projectAt(other, requested);
    expectConflict(await register(me, requested), 'site_is_project');
  });

  it('registrations of one site at once: exactly one wins, the others are told why', async () => {
    const partners = await Promise.all(Array.from({ length: 6 }, () => t.signIn()));
    for (let round = 0; round < 3; round++) {
      const site = newSite('Race Avenue');
      const results = await Promise.all([...partners.map((who) => register(who, site)), register(partners[0]!, { ...site, company_name: 'Twice' })]);
      const statuses = results.map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 201), `round ${round + 1}: ${statuses.join(' ')}`).toHaveLength(1);
      expect(statuses.filter((status) => status === 409), `round ${round + 1}: ${statuses.join(' ')}`).toHaveLength(results.length - 1);
      expect(await h.leadsAt(site.address_1)).toHaveLength(1);
    }
  });
});

describe('the limit of open registrations', () => {
  it('the 25th passes, the 26th is refused with the rule; a lowered setting applies at once', async () => {
    const partner = await t.signIn();
    const max = DEFAULT_REFERRAL_SETTINGS.max_open_registrations;
    // Leads of other sources do not count.
    await h.submit(h.form(), { cookie: (await h.visit((await h.partnerWithCode()).code)).cookie! });
    for (let i = 1; i <= max; i++) expect((await register(partner, newSite())).statusCode, `registration ${i}`).toBe(201);
    const over = await register(partner, newSite());
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ error: { code: 'registration_limit', message: LEAD_MESSAGES.registrationLimit(max) } });

    const another = await t.signIn();
    for (let i = 0; i < 3; i++) expect((await register(another, newSite())).statusCode).toBe(201);
    expect((await putSettings({ max_open_registrations: 3 })).statusCode).toBe(200);
    try {
      const lowered = await register(another, newSite());
      expect(lowered.statusCode).toBe(422);
      expect(lowered.json().error.message).toBe(LEAD_MESSAGES.registrationLimit(3));
    } finally {
      await putSettings({});
    }
    expect((await register(another, newSite())).statusCode).toBe(201);
  });
});

describe('expiry', () => {
  it('an expired registration frees its site and the limit before the job runs, and after it', async () => {
    const partner = await t.signIn();
    const other = await t.signIn();
    expect((await putSettings({ max_open_registrations: 2 })).statusCode).toBe(200);
    try {
      const first = newSite();
      const firstId = (await register(partner, first)).json().lead.id as number;
      const secondId = (await register(partner, newSite())).json().lead.id as number;
      expect((await register(partner, newSite())).statusCode).toBe(422);
      await t.db.update(leads).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(leads.id, firstId));

      // Before the job: the limit counts it no longer, and another partner may take the site.
      expect((await register(partner, newSite())).statusCode).toBe(201);
      expect((await register(other, first)).statusCode).toBe(201);
      expect((await t.db.select().from(leads).where(eq(leads.id, firstId)))[0]?.status).toBe('expired');

      // After the job.
      await t.db.update(leads).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(leads.id, secondId));
      expect(await expireDueLeads(t.app.ctx)).toBeGreaterThanOrEqual(1);
      expect((await t.db.select().from(leads).where(eq(leads.id, secondId)))[0]?.status).toBe('expired');
      expect((await register(partner, newSite())).statusCode).toBe(201);
    } finally {
      await putSettings({});
    }
  });

  it('the job marks open leads past their expiry expired, leaves the others, and tells each partner once and the admin queues', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const ids = [];
    for (const who of [a, a, b, b]) ids.push((await register(who, newSite())).json().lead.id as number);
    const [a1, a2, b1, b2] = ids as [number, number, number, number];
    await t.db.update(leads).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(leads.id, a1));
    await t.db.update(leads).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(leads.id, a2));
    await t.db.update(leads).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(leads.id, b1));
    const publish = vi.spyOn(t.app.ctx.bus, 'publish');
    expect(await expireDueLeads(t.app.ctx)).toBe(3);
    const statuses = Object.fromEntries((await t.db.select({ id: leads.id, status: leads.status }).from(leads)).map((row) => [row.id, row.status]));
    expect([statuses[a1], statuses[a2], statuses[b1], statuses[b2]]).toEqual(['expired', 'expired', 'expired', 'new']);
    const messages = publish.mock.calls.map(([message]) => message as { userId?: number; admins?: boolean; event: { type: string } });
    expect(messages.filter((m) => m.userId === a.user.id && m.event.type === LEADS_CHANGED_EVENT)).toHaveLength(1);
    expect(messages.filter((m) => m.userId === b.user.id && m.event.type === LEADS_CHANGED_EVENT)).toHaveLength(1);
    expect(messages.filter((m) => m.admins && m.event.type === ADMIN_CHANGED_EVENT)).toHaveLength(1);
    publish.mockClear();
    expect(await expireDueLeads(t.app.ctx)).toBe(0);
    expect(publish).not.toHaveBeenCalled();
  });

  it('a registration tells its partner and the admin queues', async () => {
    const partner = await t.signIn();
    const publish = vi.spyOn(t.app.ctx.bus, 'publish');
    const { lead } = (await register(partner, newSite())).json() as { lead: { id: number } };
    expect(publish.mock.calls.map(([message]) => message)).toEqual(
      expect.arrayContaining([
        { userId: partner.user.id, event: { type: LEADS_CHANGED_EVENT, payload: { lead_id: lead.id } } },
        { admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: '/api/admin/leads' } } },
      ]),
    );
  });
});
