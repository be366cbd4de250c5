import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningEntries, earningStatements, mailOutbox, notificationPreferences, notifications, payouts } from '../../db/schema/index.js';
import { addMonths, monthIn } from '../../lib/business-date.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { pdfText } from '../../test/pdf-text.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { computeStatement } from './statement.js';
import { issueStatements, scheduleStatements, statementRows } from './statement.service.js';

let t: TestApp;
let admin: SignedIn;
let dana: SignedIn;
let other: SignedIn;

const at = (iso: string) => new Date(iso);

/** Ledger rows as the services write them, straight into the tables (the payout provider's states included). */
async function approved(userId: number, kind: 'deal' | 'adjustment' | 'clawback', cents: number, when: string, fields: { company_name?: string; reason?: string; status?: 'approved' | 'paid'; payout_id?: number } = {}) {
  const [row] = await t.db
    .insert(earningEntries)
    .values({ user_id: userId, kind, amount_cents: cents, status: fields.status ?? 'approved', approved_at: at(when), created_at: at(when), company_name: fields.company_name ?? '', reason: fields.reason ?? '', payout_id: fields.payout_id ?? null })
    .returning();
  return row!;
}
async function payout(userId: number, cents: number, when: string, fields: { status?: 'pending' | 'paid' | 'failed'; settled?: string; failure_reason?: string; reference?: string } = {}) {
  const status = fields.status ?? 'paid';
  const [row] = await t.db
    .insert(payouts)
    .values({ user_id: userId, amount_cents: cents, reference: fields.reference ?? 'ACH 1', method: 'local', status, created_at: at(when), settled_at: fields.settled ? at(fields.settled) : status === 'pending' ? null : at(when), failure_reason: fields.failure_reason ?? null })
    .returning();
  return row!;
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const textOf = (body: Buffer) => pdfText(body).runs.join('\n');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  dana = await t.signIn({ first_name: 'Dana', last_name: 'Partner', company_name: 'Dana Solar LLC', account_type: 'sales_partner', email_verified_at: new Date() });
  other = await t.signIn({ first_name: 'Olive', last_name: 'Other', account_type: 'sales_partner', email_verified_at: new Date() });
  await makePayoutReady(t, dana.user.id, { tin: '123456789' });
  // October: a deal approved and paid. November: a deal, an adjustment, a clawback applied, a
  // payout that failed and the retry still pending (its entries marked paid).
  const paid = await payout(dana.user.id, 150_000, '2026-10-28T18:00:00Z', { reference: 'ACH 100' });
  await approved(dana.user.id, 'deal', 150_000, '2026-10-10T18:00:00Z', { company_name: 'Acme Cold Storage', status: 'paid', payout_id: paid.id });
  await approved(dana.user.id, 'deal', 123_450, '2026-11-03T18:00:00Z', { company_name: 'Beta Farms' });
  await approved(dana.user.id, 'adjustment', -12_000, '2026-11-05T18:00:00Z', { reason: 'Permit fee shared' });
  await approved(dana.user.id, 'clawback', -5_000, '2026-11-06T18:00:00Z', { company_name: 'Gamma Bakery', reason: 'Deal cancelled' });
  await payout(dana.user.id, 106_450, '2026-11-10T18:00:00Z', { status: 'failed', settled: '2026-11-12T18:00:00Z', failure_reason: 'Account closed', reference: 'tr_local_1' });
  const retry = await payout(dana.user.id, 106_450, '2026-11-20T18:00:00Z', { status: 'pending', reference: 'tr_local_2' });
  await t.db.update(earningEntries).set({ status: 'paid', payout_id: retry.id }).where(and(eq(earningEntries.user_id, dana.user.id), eq(earningEntries.status, 'approved')));
  await approved(other.user.id, 'deal', 77_700, '2026-11-04T18:00:00Z', { company_name: 'Secret Other Co' });
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/user/earnings/statement.pdf (issue 38 item 3)', () => {
  it("answers the caller's statement of the month as a PDF download, never the TIN", async () => {
    const res = await get('/api/user/earnings/statement.pdf?month=2026-11', dana.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sunin-statement-2026-11.pdf"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = textOf(res.rawPayload);
    for (const expected of [
      'Earnings statement',
      'November 2026: Nov 1, 2026 to Nov 30, 2026',
      'Dana Partner, Dana Solar LLC',
      'SunIn',
      'Earned: Beta Farms',
      '$1,234.50',
      'Adjustment: Permit fee shared',
      '-$120.00',
      'Clawback: Gamma Bakery: Deal cancelled',
      'Payout #',
      'failed: Account closed, returned',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Secret Other Co');
    expect(text).not.toMatch(/123-?45-?6789|12-?3456789/);
    // Opening $0.00 (October was paid), closing $0.00: the retry is on its way.
    const { entries, payouts: rows } = await statementRows(t.db, dana.user.id);
    const statement = computeStatement(entries, rows, '2026-11', t.app.ctx.config.businessTimeZone);
    expect([statement.opening_cents, statement.earned_cents, statement.adjustments_cents, statement.payouts_cents, statement.closing_cents]).toEqual([0, 123_450, -17_000, -106_450, 0]);
  });

  it('accepts the web app cookie, so the Download link is a plain link', async () => {
    const res = await get('/api/user/earnings/statement.pdf?month=2026-10', { cookie: `authorization=${dana.token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(textOf(res.rawPayload)).toContain('Earned: Acme Cold Storage');
    expect((await get('/api/user/earnings/statement.pdf?month=2026-10', { cookie: 'authorization=nonsense' })).statusCode).toBe(401);
    expect((await get('/api/user/earnings/statement.pdf?month=2026-10', {})).statusCode).toBe(401);
  });

  it('refuses a month after the current business month, a malformed month and any other query key with 422', async () => {
    const current = monthIn(t.app.ctx.config.businessTimeZone, new Date());
    expect((await get(`/api/user/earnings/statement.pdf?month=${current}`, dana.auth)).statusCode).toBe(200);
    const future = await get(`/api/user/earnings/statement.pdf?month=${addMonths(current, 1)}`, dana.auth);
    expect(future.statusCode).toBe(422);
    expect(future.json().error).toMatchObject({ code: 'validation_failed', fields: { month: expect.stringContaining('current month') } });
    for (const query of ['', '?month=2026-13', '?month=2026-1', '?month=1999-12', '?month=2026-11-01', `?month=2026-11&user_id=${other.user.id}`]) {
      const res = await get(`/api/user/earnings/statement.pdf${query}`, dana.auth);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error.code, query).toBe('validation_failed');
    }
  });

  it("answers a statement of zero balances for a month before the partner's first activity", async () => {
    const res = await get('/api/user/earnings/statement.pdf?month=2024-01', dana.auth);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain('January 2024');
    expect(text).toContain('No earnings were approved this month.');
    expect(text).not.toMatch(/\$[1-9]/);
  });

  it("gives one partner only their own statement: another partner's month shows none of the first one's ledger", async () => {
    const res = await get('/api/user/earnings/statement.pdf?month=2026-11', other.auth);
    expect(res.statusCode).toBe(200);
    const text = textOf(res.rawPayload);
    expect(text).toContain('Olive Other');
    expect(text).toContain('Earned: Secret Other Co');
    expect(text).not.toContain('Beta Farms');
    expect(text).not.toContain('Dana');
  });
});

describe('GET /api/admin/users/{id}/earnings/statement.pdf (issue 38 item 3)', () => {
  it("answers a partner's statement to a full access administrator, by header or cookie; 404 for an unknown user", async () => {
    const res = await get(`/api/admin/users/${dana.user.id}/earnings/statement.pdf?month=2026-11`, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sunin-statement-2026-11.pdf"/);
    expect(textOf(res.rawPayload)).toContain('Earned: Beta Farms');
    expect((await get(`/api/admin/users/${dana.user.id}/earnings/statement.pdf?month=2026-11`, { cookie: `authorization=${admin.token}` })).statusCode).toBe(200);
    const missing = await get('/api/admin/users/2147483000/earnings/statement.pdf?month=2026-11', admin.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('is refused to a partner, even for their own id and by cookie', async () => {
    for (const headers of [dana.auth, { cookie: `authorization=${dana.token}` }]) {
      const res = await get(`/api/admin/users/${dana.user.id}/earnings/statement.pdf?month=2026-11`, headers);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('issuing monthly statements (issue 38 item 3)', () => {
  it('issues each ended month missed (up to three back) once per partner due one, and announces only the newest', async () => {
    const late = await t.signIn({ first_name: 'Lee', account_type: 'sales_partner', email_verified_at: new Date() });
    const quiet = await t.signIn({ first_name: 'Quinn', account_type: 'sales_partner', email_verified_at: new Date() });
    const owed = await t.signIn({ first_name: 'Owen', account_type: 'sales_partner', email_verified_at: new Date() });
    const optedOut = await t.signIn({ first_name: 'Opal', account_type: 'sales_partner', email_verified_at: new Date() });
    // Lee: activity in November, December and January; the app was down from November 30 to February 10.
    await approved(late.user.id, 'deal', 10_000, '2026-11-15T18:00:00Z', { company_name: 'Nov Co' });
    await approved(late.user.id, 'deal', 20_000, '2026-12-15T18:00:00Z', { company_name: 'Dec Co' });
    await payout(late.user.id, 30_000, '2027-01-15T18:00:00Z', { status: 'pending' });
    await t.db.update(earningEntries).set({ status: 'paid' }).where(eq(earningEntries.user_id, late.user.id));
    // Quinn: everything paid before the window: nothing to say.
    await approved(quiet.user.id, 'deal', 5_000, '2026-05-15T18:00:00Z', { status: 'paid' });
    await payout(quiet.user.id, 5_000, '2026-05-20T18:00:00Z');
    // Owen: approved in June and never paid: owed money each month.
    await approved(owed.user.id, 'deal', 8_800, '2026-06-15T18:00:00Z');
    // Opal: a January deal, and earnings emails turned off.
    await approved(optedOut.user.id, 'deal', 4_200, '2027-01-20T18:00:00Z');
    await t.db.insert(notificationPreferences).values({ user_id: optedOut.user.id, event_type: 'earnings', email: false });

    const now = new Date('2027-02-10T12:00:00Z');
    expect(await issueStatements(t.app.ctx, { now })).toBeGreaterThanOrEqual(8);
    expect(await issueStatements(t.app.ctx, { now })).toBe(0);

    const rowsOf = async (who: SignedIn) => t.db.select().from(earningStatements).where(eq(earningStatements.user_id, who.user.id)).orderBy(earningStatements.month);
    const leeRows = await rowsOf(late);
    expect(leeRows.map((row) => [row.month, row.opening_cents, row.earned_cents, row.payouts_cents, row.closing_cents, row.emailed_at !== null])).toEqual([
      ['2026-11', 0, 10_000, 0, 10_000, false],
      ['2026-12', 10_000, 20_000, 0, 30_000, false],
      ['2027-01', 30_000, 0, -30_000, 0, true],
    ]);
    expect(await rowsOf(quiet)).toEqual([]);
    expect((await rowsOf(owed)).map((row) => [row.month, row.closing_cents])).toEqual([
      ['2026-11', 8_800],
      ['2026-12', 8_800],
      ['2027-01', 8_800],
    ]);
    const opal = await rowsOf(optedOut);
    expect(opal.map((row) => [row.month, row.earned_cents, row.emailed_at])).toEqual([['2027-01', 4_200, null]]);

    // One email and one notification each, for January only; none to the partner who turned them off.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, late.user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your January 2027 statement']);
    expect(JSON.stringify(mails[0]!.template_data)).toContain('closing balance $0.00');
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, optedOut.user.email))).toEqual([]);
    // As sent: the earnings email's link to /earnings, and nothing of tax or bank details.
    const sent = (await t.app.ctx.mailer.list()).find((mail) => mail.to === late.user.email)!;
    expect(sent.subject).toBe('Your January 2027 statement');
    expect(sent.text).toContain('opening balance $300.00, closing balance $0.00');
    expect(sent.html).toContain('href="http://portal.test/earnings"');
    expect(sent.text).not.toMatch(/TIN|routing|account number/i);
    const notes = await t.db.select().from(notifications).where(eq(notifications.user_id, optedOut.user.id));
    expect(notes.map((note) => [note.kind, note.title])).toEqual([['earnings', 'Your January 2027 statement']]);

    // The partner's page lists them, newest first.
    const earnings = await get('/api/user/earnings', late.auth);
    expect(earnings.json().statements.map((row: { month: string; closing_usd: number }) => [row.month, row.closing_usd])).toEqual([
      ['2027-01', 0],
      ['2026-12', 300],
      ['2026-11', 100],
    ]);

    // The next month's run issues only February, announced.
    expect(await issueStatements(t.app.ctx, { now: new Date('2027-03-01T09:00:00Z') })).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(owed)).map((row) => [row.month, row.emailed_at !== null])).toEqual([
      ['2026-11', false],
      ['2026-12', false],
      ['2027-01', true],
      ['2027-02', true],
    ]);
    expect((await rowsOf(late)).map((row) => row.month)).toEqual(['2026-11', '2026-12', '2027-01']);
  });

  it('issues and emails once when two runs race (the primary key decides; the loser sends nothing)', async () => {
    const racers = await Promise.all([1, 2, 3].map((n) => t.signIn({ first_name: `Racer${n}`, account_type: 'sales_partner', email_verified_at: new Date() })));
    for (const racer of racers) await approved(racer.user.id, 'deal', 2_000, '2027-06-10T18:00:00Z');
    const now = new Date('2027-07-02T12:00:00Z');
    const [first, second] = await Promise.all([issueStatements(t.app.ctx, { now }), issueStatements(t.app.ctx, { now })]);
    expect(first! + second!).toBeGreaterThanOrEqual(racers.length);
    for (const racer of racers) {
      expect(await t.db.select().from(earningStatements).where(eq(earningStatements.user_id, racer.user.id))).toHaveLength(1);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, racer.user.email))).toHaveLength(1);
    }
  });

  it('waits for the month to end in the business time zone', async () => {
    const evening = await t.signIn({ first_name: 'Eve', account_type: 'sales_partner' });
    await approved(evening.user.id, 'deal', 1_000, '2027-04-15T18:00:00Z');
    // 23:00 on April 30 in Los Angeles is May 1 in UTC: April has not ended yet.
    await issueStatements(t.app.ctx, { now: new Date('2027-05-01T06:00:00Z') });
    expect(await t.db.select().from(earningStatements).where(and(eq(earningStatements.user_id, evening.user.id), eq(earningStatements.month, '2027-04')))).toEqual([]);
    await issueStatements(t.app.ctx, { now: new Date('2027-05-01T07:00:00Z') });
    expect((await t.db.select().from(earningStatements).where(eq(earningStatements.user_id, evening.user.id))).map((row) => row.month)).toEqual(['2027-04']);
  });

  it('keeps issued months true when an approved deal is cancelled later: the month of the voiding says so, and a catch-up run counts it until then', async () => {
    const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url: `/api${url}`, headers: admin.auth, payload });
    /** A partner with a deal approved (through the routes) and dated October 14, unpaid. */
    const approvedInOctober = async (first_name: string, company_name: string) => {
      const who = await t.signIn({ first_name, account_type: 'sales_partner', email_verified_at: new Date() });
      const created = await call('POST', '/admin/projects', { project: { user_id: who.user.id, company_name, project_stage: 'Project Completion' } });
      expect(created.statusCode, created.body).toBe(201);
      const projectId: number = created.json().id;
      const dealt = await call('PUT', `/admin/projects/${projectId}/deal`, { contract_value_usd: 100_000, net_profit_usd: 1_000 });
      expect(dealt.json().deal.entry).toMatchObject({ status: 'approved', amount_usd: 600 });
      await t.db.update(earningEntries).set({ approved_at: at('2026-10-14T18:00:00Z'), created_at: at('2026-10-14T18:00:00Z') }).where(eq(earningEntries.user_id, who.user.id));
      return { who, projectId };
    };
    /** Cancels the deal through the route (which stamps voided_at), dated December 9. */
    const cancelInDecember = async (userId: number, projectId: number) => {
      const res = await call('POST', `/admin/projects/${projectId}/deal/cancel`, { reason: 'Financing fell through' });
      expect(res.json().deal.entry).toMatchObject({ status: 'void' });
      const [entry] = await t.db.select().from(earningEntries).where(eq(earningEntries.user_id, userId));
      expect(entry!.voided_at).toBeInstanceOf(Date);
      expect(entry!.approved_at).toEqual(at('2026-10-14T18:00:00Z'));
      await t.db.update(earningEntries).set({ voided_at: at('2026-12-09T18:00:00Z') }).where(eq(earningEntries.user_id, userId));
    };
    const rowsOf = async (who: SignedIn) =>
      (await t.db.select().from(earningStatements).where(eq(earningStatements.user_id, who.user.id)).orderBy(earningStatements.month)).map((row) => [row.month, row.opening_cents, row.earned_cents, row.adjustments_cents, row.payouts_cents, row.closing_cents]);

    // Vic: October and November issued with the deal owed; then the deal is cancelled in December.
    const vic = await approvedInOctober('Vic', 'Victor Vineyards');
    await issueStatements(t.app.ctx, { now: new Date('2026-12-01T12:00:00Z') });
    const issued = [
      ['2026-10', 0, 60_000, 0, 0, 60_000],
      ['2026-11', 60_000, 0, 0, 0, 60_000],
    ];
    expect(await rowsOf(vic.who)).toEqual(issued);
    await cancelInDecember(vic.who.user.id, vic.projectId);
    // Wes: the same ledger, but the app was down: nothing issued before the cancellation.
    const wes = await approvedInOctober('Wes', 'Wes Orchards');
    await cancelInDecember(wes.who.user.id, wes.projectId);

    await issueStatements(t.app.ctx, { now: new Date('2027-01-01T12:00:00Z') });
    const december = ['2026-12', 60_000, 0, -60_000, 0, 0];
    expect(await rowsOf(vic.who)).toEqual([...issued, december]);
    // The catch-up run finds November due (owed $600 at its end) as the on-demand statement does.
    expect(await rowsOf(wes.who)).toEqual([...issued, december]);
    // January: nothing moved and nothing is owed, so no statement.
    await issueStatements(t.app.ctx, { now: new Date('2027-02-01T12:00:00Z') });
    expect((await rowsOf(vic.who)).map(([month]) => month)).toEqual(['2026-10', '2026-11', '2026-12']);

    // On demand, each month still gives what was issued, and December names the voiding.
    const { entries, payouts: rows } = await statementRows(t.db, vic.who.user.id);
    for (const [month, opening, earned, adjustments, paid, closing] of [...issued, december]) {
      const statement = computeStatement(entries, rows, month as string, t.app.ctx.config.businessTimeZone);
      expect([month, statement.opening_cents, statement.earned_cents, statement.adjustments_cents, statement.payouts_cents, statement.closing_cents]).toEqual([month, opening, earned, adjustments, paid, closing]);
    }
    const pdf = await get('/api/user/earnings/statement.pdf?month=2026-12', vic.who.auth);
    expect(pdf.statusCode).toBe(200);
    const text = textOf(pdf.rawPayload);
    expect(text).toContain('Voided: Victor Vineyards: deal cancelled');
    expect(text).toContain('-$600.00');
  });

  it('runs as a cluster job under its own advisory lock, once per round', async () => {
    const locked: string[] = [];
    const spy = scheduleStatements(
      t.app.ctx,
      { withAdvisoryLock: (name, task) => (locked.push(name), t.app.database.withAdvisoryLock(name, task)) },
      3_600_000,
    );
    await spy();
    expect(locked).toEqual(['job:earning-statements']);
  });
});
