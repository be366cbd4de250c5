import { randomBytes } from 'node:crypto';
import { PROJECT_STAGES, SHARE_MESSAGES, SIGNATURE_CONSENT_TEXT, publicShareSchema, shareGoneSchema, type Estimate } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, notifications, projects, projectShares, proposalTickets, shareViews, users } from '../../db/schema/index.js';
import { shareHelpers } from '../../test/shares.js';
import { createTestApp, createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { SHARE_LIMITS } from '../../plugins/rate-limits.js';
import { customerEstimate, hashViewAddress } from './public-share.js';

let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof shareHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  h = shareHelpers(t, admin);
});
afterAll(async () => t?.close());

const PUBLIC_HEADERS = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

describe('GET /api/public/shares/{token}', () => {
  it('shows the partner, the customer, the current proposal and the superseded ones, the estimate and the stages', async () => {
    const { auth, projectId } = await h.memberWithProject({ address_2: 'Suite 4' });
    const ticketId = await h.deliver(auth, projectId, [{ title: 'Proposal v1', url: 'https://docs.example/v1' }]);
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/proposal_tickets/${ticketId}`, headers: auth, payload: { proposal_ticket: { status: 5, details: 'Bigger please' } } });
    await h.deliver(auth, projectId, [
      { title: 'Proposal v2', url: 'https://docs.example/v2' },
      { title: 'Financing', url: 'https://docs.example/fin' },
    ]);
    const share = await h.link(auth, projectId);
    const res = await h.openPage(share.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject(PUBLIC_HEADERS);
    const page = publicShareSchema.parse(res.json());
    expect(page.partner).toEqual({ name: 'Pat Partner', company_name: 'Sunny Partners LLC', phone_number: '512-555-0100', email: expect.any(String), logo_url: null });
    expect(page.customer).toEqual({ company_name: 'Acme Foods', industry: 'Food processing', site_address: '1 Main St, Suite 4, Austin, TX 78701', utility_company: 'Austin Energy' });
    expect(page.proposal).toMatchObject({ version: 2, links: [{ title: 'Proposal v2', url: 'https://docs.example/v2' }, { title: 'Financing', url: 'https://docs.example/fin' }] });
    expect(page.superseded).toEqual([{ version: 1, delivered_at: expect.any(String) }]);
    const estimate = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/estimate`, headers: auth });
    // The same figures, without the partner's to-do notes.
    const partners = estimate.json();
    for (const part of ['system', 'cost', 'savings', 'financing', 'investment', 'assumptions', 'simplifications'] as const) expect(page.estimate[part]).toEqual(partners[part]);
    expect(page.estimate.bills.annual).toEqual(partners.bills.annual);
    expect([page.estimate.warnings, page.estimate.missing]).toEqual([[], []]);
    expect(page).toMatchObject({ recipient_name: 'Casey Customer', signed_at: null, signature: null, archived: false, stage: 'Project Initiation', consent_text: SIGNATURE_CONSENT_TEXT });
    expect(page.stages.map((stage) => stage.state)).toEqual(['current', 'next', 'next', 'next', 'next']);
  });

  it('falls back to the delivery\'s own link titled "Proposal" when no link names the delivery, and is null before any', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const share = await h.link(auth, projectId);
    expect((await h.openPage(share.token)).json()).toMatchObject({ proposal: null, superseded: [] });
    await h.deliver(auth, projectId, [{ title: 'Design', url: 'https://docs.example/legacy' }]);
    // As a delivery from before migration 0018 named its links.
    await t.db.execute(`update proposal_links set delivery_history_id = null where url = 'https://docs.example/legacy'` as never);
    expect((await h.openPage(share.token)).json().proposal).toMatchObject({ version: 1, links: [{ title: 'Proposal', url: 'https://docs.example/legacy' }] });
  });

  it('never shows the account number, meter, notes, admin notes, engineer, earnings or another project', async () => {
    const { auth, projectId, user } = await h.memberWithProject({ utility_account_number: 'ACCT-778899', main_meter_number: 'METER-445566', additional_utility_notes: 'NOTE-SECRET-1', shade_interference_details: 'SHADE-SECRET-2' });
    const ticketId = await h.deliver(auth, projectId, [{ title: 'Proposal', url: 'https://docs.example/x' }], { admin_notes: 'ADMIN-ONLY-NOTE', engineer_name: 'Engineer Zed Quill' });
    await t.db.update(proposalTickets).set({ engineer_name: 'Engineer Zed Quill', admin_notes: 'ADMIN-ONLY-NOTE' }).where(eq(proposalTickets.id, ticketId));
    await t.db.insert(deals).values({ project_id: projectId, contract_value_cents: 987_654_321, net_profit_cents: 123_456_789, recorded_by: admin.user.id });
    const other = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'Other Secret Project Co' } } });
    expect(other.statusCode).toBe(201);
    const share = await h.link(auth, projectId);
    const text = (await h.openPage(share.token)).body;
    for (const secret of ['ACCT-778899', 'METER-445566', 'NOTE-SECRET-1', 'SHADE-SECRET-2', 'ADMIN-ONLY-NOTE', 'Zed Quill', '987654321', '9876543.21', '123456789', '1234567.89', 'Other Secret Project Co', String(user.password_digest)]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('answers 404 for a forged, malformed or unknown token and 410 with the partner for an expired or revoked one', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'short', 'x'.repeat(64), '..%2F..%2Fetc', '%00']) {
      const res = await h.openPage(token);
      expect([400, 404], token).toContain(res.statusCode);
      if (res.statusCode === 404) expect(res.json().error.message).toBe(SHARE_MESSAGES.notFound);
      expect(res.headers).toMatchObject(PUBLIC_HEADERS);
    }
    expect((await h.openPage(randomBytes(32).toString('base64url'))).statusCode).toBe(404);
    const { auth, projectId } = await h.memberWithProject();
    const expired = await h.link(auth, projectId);
    await h.expire(expired.id);
    const gone = await h.openPage(expired.token);
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toContain('application/json');
    expect(gone.headers).toMatchObject(PUBLIC_HEADERS);
    expect(shareGoneSchema.parse(gone.json())).toMatchObject({ reason: 'expired', error: { code: 'gone', message: SHARE_MESSAGES.expired }, partner: { name: 'Pat Partner', phone_number: '512-555-0100' } });
    const revoked = await h.link(auth, projectId);
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/${revoked.id}`, headers: auth });
    expect((await h.openPage(revoked.token)).json()).toMatchObject({ reason: 'revoked', error: { message: SHARE_MESSAGES.revoked } });
    // Neither counts as a view.
    expect(await t.db.select().from(shareViews).where(eq(shareViews.share_id, expired.id))).toEqual([]);
    // A signed link stays open past its expiry: it is the status link now.
    const signed = await h.link(auth, projectId);
    await t.db.update(projectShares).set({ signed_at: new Date() }).where(eq(projectShares.id, signed.id));
    await h.expire(signed.id);
    expect((await h.openPage(signed.token)).statusCode).toBe(200);
  });

  it('records each open (hashed address, user agent cut to 300), one per browser in half an hour, and notifies the owner once, then again a day later', async () => {
    const { auth, projectId, user } = await h.memberWithProject();
    const share = await h.link(auth, projectId, { recipient_name: 'Robin Owner' });
    const agent = `Mozilla/5.0 ${'x'.repeat(400)}`;
    // Two reads at once by one browser (the page and its refetch) are one open.
    const [first, second] = await Promise.all([h.openPage(share.token, { 'user-agent': agent }), h.openPage(share.token, { 'user-agent': agent })]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const views = () => t.db.select().from(shareViews).where(eq(shareViews.share_id, share.id));
    expect(await views()).toHaveLength(1);
    const [view] = await views();
    expect(view!.address_hash).toBe(hashViewAddress(t.app.ctx.config.jwtSecret, '127.0.0.1'));
    expect(view!.address_hash).not.toContain('127.0.0.1');
    expect(view!.user_agent).toHaveLength(300);
    const opened = () => t.db.select().from(notifications).where(and(eq(notifications.user_id, user.id), eq(notifications.kind, 'customer_views')));
    expect(await opened()).toHaveLength(1);
    expect((await opened())[0]).toMatchObject({ title: 'Proposal opened', message: `Robin Owner opened the proposal for Acme Foods (project #${projectId}).`, project_id: projectId });
    // Another browser is another open, told to nobody the same day.
    await h.openPage(share.token, { 'user-agent': 'Phone Browser' });
    expect(await opened()).toHaveLength(1);
    // The first browser half an hour later opens it again.
    await t.db.update(shareViews).set({ viewed_at: new Date(Date.now() - 31 * 60_000) }).where(eq(shareViews.share_id, share.id));
    await h.openPage(share.token, { 'user-agent': agent });
    const list = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth })).json();
    expect(list[0]).toMatchObject({ view_count: 3, last_viewed_at: expect.any(String) });
    // A day later the next open tells the owner again.
    await t.db.update(projectShares).set({ view_notified_at: new Date(Date.now() - 86_400_000 - 60_000) }).where(eq(projectShares.id, share.id));
    await h.openPage(share.token, { 'user-agent': 'Desk Browser' });
    expect(await opened()).toHaveLength(2);
  });

  it('answers 429 with Retry-After past the page limit per address', async () => {
    // Every request of a test comes from 127.0.0.1: this one counts on an app of its own.
    const own = await createTestApp();
    try {
      const ownAdmin = await own.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
      const ownHelpers = shareHelpers(own, ownAdmin);
      const member = await ownHelpers.memberWithProject();
      const ownShare = await ownHelpers.link(member.auth, member.projectId);
      let last = await ownHelpers.openPage(ownShare.token);
      for (let index = 1; index <= SHARE_LIMITS.pagePerIpPerMinute && last.statusCode !== 429; index++) last = await ownHelpers.openPage(ownShare.token);
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.headers).toMatchObject(PUBLIC_HEADERS);
    } finally {
      await own.close();
    }
  });
});

describe('stages on the page', () => {
  it('use the default days below five completed projects and the medians from five on', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const share = await h.link(auth, projectId);
    const expected = () => h.openPage(share.token).then((res) => res.json().stages as Array<{ stage: string; expected_on: string | null; entered_at: string | null; state: string }>);
    // Defaults: Project Initiation 10 days, so Presentation Ready is expected 10 days after entry.
    const entered = (await t.db.select({ at: projects.stage_entered_at }).from(projects).where(eq(projects.id, projectId)))[0]!.at!;
    const day = (offset: number) => new Date(Math.max(entered.getTime() + offset * 86_400_000, Date.now())).toISOString().slice(0, 10);
    expect((await expected())[1]!.expected_on).toBe(day(10));

    // Five projects completed, each 3 days at Project Initiation.
    const owner = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth })).json().email)))[0]!.id;
    for (let index = 0; index < 5; index++) {
      const [project] = await t.db.insert(projects).values({ user_id: owner, company_name: `Done ${index}`, project_stage: 'Project Completion' }).returning();
      const start = Date.parse('2025-01-01T00:00:00Z') + index * 86_400_000;
      const stays = PROJECT_STAGES.map((stage, position) => ({ stage, at: new Date(start + position * 3 * 86_400_000) }));
      await t.db.execute(
        `insert into project_stage_changes (project_id, from_stage, to_stage, changed_at, left_at) values ${stays
          .map((stay, position) => `(${project!.id}, ${position === 0 ? 'null' : `'${PROJECT_STAGES[position - 1]}'`}, '${stay.stage}', '${stay.at.toISOString()}', ${position < stays.length - 1 ? `'${stays[position + 1]!.at.toISOString()}'` : 'null'})`)
          .join(', ')}` as never,
      );
    }
    const stages = await expected();
    expect(stages[1]!.expected_on).toBe(day(3));
    expect(stages[0]).toMatchObject({ state: 'current', entered_at: entered.toISOString() });

    // Moved on by an admin: the done stage carries its entry time from the project's history.
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${projectId}`, headers: admin.auth, payload: { project: { project_stage: 'Presentation Ready' } } })).statusCode).toBe(200);
    const moved = await expected();
    expect(moved.slice(0, 2).map((stage) => stage.state)).toEqual(['done', 'current']);
    expect(moved[0]!.entered_at).toBe(entered.toISOString());
  });
});

describe('customerEstimate', () => {
  it('names a meter "Meter n" when its name may be an account or meter number, and drops the to-do notes', () => {
    const meter = (name: string) => ({ name, tariff_id: 4 }) as unknown as Estimate['bills']['meters'][number];
    const partners = { warnings: ['Choose its tariff in Utility Info'], missing: [{ field: 'state', message: 'Add the state' }], bills: { meters: [meter('Brewhouse'), meter('Service 4612055873'), meter('AE-99 12'), meter('Taproom')], annual: {} } } as unknown as Estimate;
    const shown = customerEstimate(partners, { utility_account_number: 'AE-9912', main_meter_number: '' });
    expect(shown.bills.meters.map((m) => [m.name, m.tariff_id])).toEqual([
      ['Brewhouse', null],
      ['Meter 2', null],
      ['Meter 3', null],
      ['Taproom', null],
    ]);
    expect([shown.warnings, shown.missing]).toEqual([[], []]);
  });
});
