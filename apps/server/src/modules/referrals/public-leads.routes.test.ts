import { createHash } from 'node:crypto';
import { ADMIN_CHANGED_EVENT, ADMIN_ROLE, DEFAULT_REFERRAL_SETTINGS, LEAD_MESSAGES, LEADS_CHANGED_EVENT } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { leads, projects, referralClicks, users } from '../../db/schema/index.js';
import { LEAD_LIMITS } from '../../plugins/rate-limits.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { referralHelpers } from './referral-test-helpers.js';

/**
 * The business owner's form (issue 39 items 2 and 3): bot checks, limits, attribution by the
 * last click within the window, the site rules for a form, and the confirmation email.
 */
const MIN_SECONDS = 5;
let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof referralHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({ LEAD_FORM_MIN_SECONDS: String(MIN_SECONDS) }));
  h = referralHelpers(t);
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const DAY_MS = 86_400_000;
const refused = { error: { code: 'form_refused', message: LEAD_MESSAGES.formRefused } };

/** The partner's link visited: the click's cookie. */
async function clickOf(partner: { code: string }): Promise<string> {
  const { cookie } = await h.visit(partner.code);
  if (!cookie) throw new Error('no cookie');
  return cookie;
}

describe('the form token and the honeypot', () => {
  it('GET /api/public/lead_form hands out a signed token and the minimum seconds, and a form sent with it after that passes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/lead_form' });
    expect(res.statusCode).toBe(200);
    const { form_token, min_seconds } = res.json() as { form_token: string; min_seconds: number };
    expect(min_seconds).toBe(MIN_SECONDS);
    expect(form_token).toMatch(/^\d{13}\.[A-Za-z0-9_-]{43}$/);
    // Sent at once: too young for a person.
    const body = h.form();
    expect((await h.submit({ ...body, form_token })).json()).toEqual(refused);
    // The same token, as it would be after MIN_SECONDS: its time is signed, so only a token issued that long ago passes.
    const issuedAt = Number(form_token.split('.')[0]);
    expect((await h.submit({ ...body, form_token: h.tokens.issue(issuedAt - MIN_SECONDS * 1000) })).statusCode).toBe(201);
  });

  it('refuses 422 form_refused a filled honeypot, a forged, altered, older than a day or too young token, and a missing one', async () => {
    const now = Date.now();
    const good = h.tokens.issue(now - 60_000);
    const [issued, mac] = good.split('.') as [string, string];
    const cases: Record<string, Record<string, unknown>> = {
      honeypot: { website_url: 'https://spam.example' },
      forged: { form_token: `${issued}.${'A'.repeat(43)}` },
      'time changed': { form_token: `${Number(issued) - 3_600_000}.${mac}` },
      'older than a day': { form_token: h.tokens.issue(now - DAY_MS - 60_000) },
      'too young': { form_token: h.tokens.issue(now - (MIN_SECONDS - 1) * 1000) },
      garbage: { form_token: 'not a token' },
    };
    for (const [name, extra] of Object.entries(cases)) {
      const body = h.form({}, extra as never);
      const res = await h.submit(body);
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual(refused);
      expect(await h.leadsAt(body.lead.address_1), name).toEqual([]);
    }
    const { form_token: _omitted, ...missing } = h.form();
    // A caller that never showed the form (no token) is a bot check's refusal, like the others.
    const res = await h.submit(missing);
    expect(res.json()).toEqual(refused);
    // A blank honeypot (what a browser sends for the hidden field) is fine; a day-old-less-a-minute token too.
    expect((await h.submit(h.form({}, { website_url: '  ', form_token: h.tokens.issue(now - DAY_MS + 60_000) }))).statusCode).toBe(201);
  });

  it('bodies are strict: unknown keys, at the top and in the lead, answer 422 naming them', async () => {
    for (const body of [{ ...h.form(), admin: true }, { ...h.form(), lead: { ...h.form().lead, user_id: 1 } }]) {
      const res = await h.submit(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });
});

describe('rate limits', () => {
  it(`${LEAD_LIMITS.formsPerIpPerHour} forms an hour per address, refused bots included; malformed bodies count nowhere`, async () => {
    const ip = h.freshIp();
    for (let i = 0; i < 3; i++) expect((await h.submit({ lead: {} }, { ip })).statusCode, `malformed ${i + 1}`).toBe(422);
    expect((await h.submit(h.form({}, { website_url: 'bot' }), { ip })).json()).toEqual(refused);
    for (let i = 1; i < LEAD_LIMITS.formsPerIpPerHour; i++) expect((await h.submit(h.form(), { ip })).statusCode, `form ${i + 1}`).toBe(201);
    const over = await h.submit(h.form(), { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: { code: 'rate_limited', message: LEAD_MESSAGES.tooManyForms } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect((await h.submit(h.form())).statusCode, 'another address').toBe(201);
  });

  it(`${LEAD_LIMITS.formsPerEmailPerDay} forms a day per email address, whatever the address and the case`, async () => {
    const email = `limited-${h.next()}@example.com`;
    for (let i = 0; i < LEAD_LIMITS.formsPerEmailPerDay; i++) expect((await h.submit(h.form({ email: i === 1 ? email.toUpperCase() : email }))).statusCode, `form ${i + 1}`).toBe(201);
    const over = await h.submit(h.form({ email }));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: { code: 'rate_limited', message: LEAD_MESSAGES.tooManyForms } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);
    // Forged forms naming someone's address do not use up their forms.
    const victim = `victim-${h.next()}@example.com`;
    for (let i = 0; i < 5; i++) await h.submit(h.form({ email: victim }, { form_token: 'forged' }));
    expect((await h.submit(h.form({ email: victim }))).statusCode).toBe(201);
  });
});

describe('attribution', () => {
  it("a click within the window makes the lead the partner's, for the registration length; just outside the window it is nobody's", async () => {
    const partner = await h.partnerWithCode();
    const inside = await clickOf(partner);
    const outside = await clickOf(partner);
    const windowMs = DEFAULT_REFERRAL_SETTINGS.attribution_window_days * DAY_MS;
    await t.db.update(referralClicks).set({ clicked_at: new Date(Date.now() - windowMs + 60_000) }).where(eq(referralClicks.token, inside));
    await t.db.update(referralClicks).set({ clicked_at: new Date(Date.now() - windowMs - 60_000) }).where(eq(referralClicks.token, outside));

    const a = h.form();
    expect((await h.submit(a, { cookie: inside })).statusCode).toBe(201);
    const [lead] = await h.leadsAt(a.lead.address_1);
    const click = await h.clickOf(inside);
    expect(lead).toMatchObject({ user_id: partner.user.id, source: 'link', click_id: click!.id, status: 'new', referred_by: null, conflict: null });
    const days = (lead!.expires_at!.getTime() - lead!.created_at.getTime()) / DAY_MS;
    expect(days).toBeCloseTo(DEFAULT_REFERRAL_SETTINGS.registration_days, 5);

    const b = h.form();
    expect((await h.submit(b, { cookie: outside })).statusCode).toBe(201);
    const [nobodys] = await h.leadsAt(b.lead.address_1);
    expect(nobodys).toMatchObject({ user_id: null, source: 'site', click_id: null });
    // A lead of nobody expires too, so a request nobody handled does not hold its site for ever.
    expect((nobodys!.expires_at!.getTime() - nobodys!.created_at.getTime()) / DAY_MS).toBeCloseTo(DEFAULT_REFERRAL_SETTINGS.registration_days, 5);
  });

  it('a shorter window set by an admin applies to clicks already made', async () => {
    const partner = await h.partnerWithCode();
    const cookie = await clickOf(partner);
    await t.db.update(referralClicks).set({ clicked_at: new Date(Date.now() - 10 * DAY_MS) }).where(eq(referralClicks.token, cookie));
    const put = (days: number) => t.app.inject({ method: 'PUT', url: '/api/admin/referral-settings', headers: admin.auth, payload: { settings: { ...DEFAULT_REFERRAL_SETTINGS, attribution_window_days: days } } });
    expect((await put(7)).statusCode).toBe(200);
    try {
      const body = h.form();
      await h.submit(body, { cookie });
      expect((await h.leadsAt(body.lead.address_1))[0]?.user_id).toBeNull();
    } finally {
      await put(DEFAULT_REFERRAL_SETTINGS.attribution_window_days);
    }
  });

  it("the last click wins: two partners' links in one browser, the form is the second's", async () => {
    const first = await h.partnerWithCode();
    const second = await h.partnerWithCode();
    // One cookie jar: the second visit carries the first cookie and replaces it.
    const one = await h.visit(first.code);
    const two = await h.visit(second.code, { cookie: one.cookie! });
    expect(two.cookie).toBeDefined();
    const body = h.form();
    await h.submit(body, { cookie: two.cookie! });
    expect((await h.leadsAt(body.lead.address_1))[0]).toMatchObject({ user_id: second.user.id, source: 'link' });
  });

  it('a click of a partner made an administrator since gives nobody the lead', async () => {
    const promoted = await h.partnerWithCode();
    const cookie = await clickOf(promoted);
    await t.db.update(users).set({ company_role: ADMIN_ROLE }).where(eq(users.id, promoted.user.id));
    const body = h.form();
    expect((await h.submit(body, { cookie })).statusCode).toBe(201);
    expect((await h.leadsAt(body.lead.address_1))[0]).toMatchObject({ user_id: null, source: 'site', click_id: null });
  });

  it("no cookie, an unknown cookie, or a deleted partner's click: nobody's lead", async () => {
    const gone = await h.partnerWithCode();
    const goneCookie = await clickOf(gone);
    // The partner's row goes; their clicks go with it (ON DELETE CASCADE).
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    for (const cookie of [undefined, 'unknown-token-unknown-token', goneCookie]) {
      const body = h.form();
      expect((await h.submit(body, cookie === undefined ? {} : { cookie })).statusCode).toBe(201);
      expect((await h.leadsAt(body.lead.address_1))[0], String(cookie)).toMatchObject({ user_id: null, source: 'site', referred_by: null });
    }
  });
});

describe('the site rules for a form', () => {
  it("a form on a site with nobody's open lead fills nothing the lead holds and hands it to no one: no second lead, the partner noted ('site_requested')", async () => {
    const site = { address_1: `${h.next()} Merge Avenue`, city: 'Austin', state: 'TX', zip: '78701' };
    const first = h.form({ ...site, contact_name: 'First Contact' });
    await h.submit(first);
    const partner = await h.partnerWithCode();
    // The same site written another way: "Ave." and a suite are the same site.
    const second = h.form({ address_1: `${site.address_1.replace('Avenue', 'Ave.')} Suite 4`, city: 'austin', state: 'tx', zip: '78701', contact_name: 'Second Contact', email: `second-${h.next()}@example.com`, phone: '512.555.0199', utility_company: 'Other Power', average_monthly_bill: 99.99 });
    const res = await h.submit(second, { cookie: await clickOf(partner) });
    expect(res.statusCode).toBe(201);
    const rows = await h.leadsAt(site.address_1);
    expect(rows).toHaveLength(1);
    expect(await h.leadsAt(second.lead.address_1)).toEqual([]);
    const { upload_token } = res.json() as { upload_token: string };
    // Anyone can send any address: a later form overwrites nothing and takes no one's lead, and its
    // upload token is dead while the first sender's is alive.
    expect(rows[0]).toMatchObject({ user_id: null, source: 'site', contact_name: 'First Contact', email: first.lead.email, referred_by: partner.user.id, conflict: 'site_requested' });
    expect(rows[0]!.upload_token_hash).not.toBe(createHash('sha256').update(upload_token).digest('hex'));
  });

  it("a form on a partner's registration by hand fills its empty contact details and keeps it the partner's, with a live upload token", async () => {
    const partner = await h.partnerWithCode();
    const site = { address_1: `${h.next()} Registered Way`, city: 'Austin', state: 'TX', zip: '78701' };
    await t.db.insert(leads).values({ user_id: partner.user.id, source: 'registration', company_name: 'Registered Co', ...site, expires_at: new Date(Date.now() + DAY_MS) });
    const body = h.form({ ...site, contact_name: 'Owner Filled' });
    const res = await h.submit(body);
    const { upload_token } = res.json() as { upload_token: string };
    const rows = await h.leadsAt(site.address_1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: partner.user.id, source: 'registration', company_name: 'Registered Co', contact_name: 'Owner Filled', email: body.lead.email, conflict: null });
    expect(rows[0]!.upload_token_hash).toBe(createHash('sha256').update(upload_token).digest('hex'));
  });

  it("a form through partner P on partner Q's site keeps Q's lead, noting P as referred_by ('site_registered')", async () => {
    const q = await h.partnerWithCode();
    const p = await h.partnerWithCode();
    const body = h.form();
    await h.submit(body, { cookie: await clickOf(q) });
    await h.submit({ ...h.form({ ...pickSite(body.lead), contact_name: 'Later Contact' }) }, { cookie: await clickOf(p) });
    const rows = await h.leadsAt(body.lead.address_1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: q.user.id, referred_by: p.user.id, conflict: 'site_registered', contact_name: body.lead.contact_name });
    // Q's own link again changes no ownership.
    await h.submit(h.form(pickSite(body.lead)), { cookie: await clickOf(q) });
    expect((await h.leadsAt(body.lead.address_1))[0]).toMatchObject({ user_id: q.user.id });
  });

  it("a form on a project's site makes a lead of nobody, the form's partner as referred_by ('site_is_project'); an archived project holds nothing", async () => {
    const owner = await t.signIn();
    const partner = await h.partnerWithCode();
    const site = { address_1: `${h.next()} Project Road`, city: 'Austin', state: 'TX', zip: '78701' };
    await h.projectAt(owner, site);
    await h.submit(h.form(site), { cookie: await clickOf(partner) });
    expect((await h.leadsAt(site.address_1))[0]).toMatchObject({ user_id: null, referred_by: partner.user.id, conflict: 'site_is_project', status: 'new' });
    // A second form there through the same link: the lead stays nobody's.
    await h.submit(h.form(site), { cookie: await clickOf(partner) });
    const rows = await h.leadsAt(site.address_1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: null, referred_by: partner.user.id });

    const archivedSite = { address_1: `${h.next()} Archive Lane`, city: 'Austin', state: 'TX', zip: '78701' };
    const archived = await h.projectAt(owner, archivedSite);
    await t.db.update(projects).set({ project_stage: 'Archived' }).where(eq(projects.id, archived));
    await h.submit(h.form(archivedSite), { cookie: await clickOf(partner) });
    expect((await h.leadsAt(archivedSite.address_1))[0]).toMatchObject({ user_id: partner.user.id, conflict: null });
  });

  it('an expired registration on the site is marked expired and the form makes a new lead', async () => {
    const q = await h.partnerWithCode();
    const body = h.form();
    await h.submit(body, { cookie: await clickOf(q) });
    const [old] = await h.leadsAt(body.lead.address_1);
    await t.db.update(leads).set({ expires_at: new Date(Date.now() - 60_000) }).where(eq(leads.id, old!.id));
    await h.submit(h.form(pickSite(body.lead)));
    const rows = await h.leadsAt(body.lead.address_1);
    expect(rows.map((row) => [row.status, row.user_id])).toEqual([
      ['new', null],
      ['expired', q.user.id],
    ]);
  });
});

describe('after a form', () => {
  it('the business owner gets a confirmation email with what they asked for, what happens next and how to reach SunIn, and no partner data', async () => {
    const partner = await h.partnerWithCode({ first_name: 'Priya', last_name: 'Partnerson', company_name: 'Partner Solar LLC' });
    const body = h.form({ company_name: 'Bayside Bakery', contact_name: 'Dana Baker', average_monthly_bill: 2345.67 });
    expect((await h.submit(body, { cookie: await clickOf(partner) })).statusCode).toBe(201);
    await t.app.ctx.background.drain();
    const mail = (await t.app.ctx.mailer.list()).find((message) => message.to === body.lead.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('free solar savings estimate');
    for (const text of [`ZIP code ${body.lead.zip}, ${body.lead.state}`, '$2,345.67', 'What happens next', t.app.ctx.config.supportEmail]) expect(mail!.text).toContain(text);
    // Nothing typed freely comes back: anyone can send the form to any address.
    for (const typed of ['Dana Baker', 'Bayside Bakery', body.lead.address_1, body.lead.utility_company]) expect(mail!.text + (mail!.html ?? '')).not.toContain(typed);
    for (const secret of ['Priya', 'Partnerson', 'Partner Solar', partner.user.email, partner.code]) expect(mail!.text + (mail!.html ?? '')).not.toContain(secret);
  });

  it("tells the lead's partner (leads_changed) and the admin queues (admin_changed); a lead of nobody tells only the admins", async () => {
    const publish = vi.spyOn(t.app.ctx.bus, 'publish');
    const partner = await h.partnerWithCode();
    const cookie = await clickOf(partner);
    publish.mockClear();
    const body = h.form();
    await h.submit(body, { cookie });
    const [lead] = await h.leadsAt(body.lead.address_1);
    expect(publish.mock.calls.map(([message]) => message)).toEqual(
      expect.arrayContaining([
        { userId: partner.user.id, event: { type: LEADS_CHANGED_EVENT, payload: { lead_id: lead!.id } } },
        { admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: '/api/admin/leads' } } },
      ]),
    );
    publish.mockClear();
    await h.submit(h.form());
    expect(publish.mock.calls.map(([message]) => message)).toEqual([{ admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: '/api/admin/leads' } } }]);
  });

  it('answers an upload token whose SHA-256 is kept, good for an hour', async () => {
    const body = h.form();
    const res = await h.submit(body);
    expect(res.statusCode).toBe(201);
    const { upload_token } = res.json() as { upload_token: string };
    expect(upload_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [lead] = await h.leadsAt(body.lead.address_1);
    expect(lead!.upload_token_hash).toBe(createHash('sha256').update(upload_token).digest('hex'));
    const left = lead!.upload_expires_at!.getTime() - lead!.updated_at.getTime();
    expect(left).toBe(3_600_000);
  });
});

function pickSite(lead: { address_1: string; city: string; state: string; zip: string }) {
  return { address_1: lead.address_1, city: lead.city, state: lead.state, zip: lead.zip };
}
