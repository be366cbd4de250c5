import type { Payable, PayablesResponse, PayoutRunResponse } from '@sunin/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, earningEntries, notifications, payouts } from '../../db/schema/index.js';
import { createTestApp, createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { makePayoutReady } from '../../test/payout-ready.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin({ BUSINESS_TIME_ZONE: 'America/Los_Angeles' })));
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn | null = admin, payload?: object, app: TestApp = t) =>
  app.app.inject({ method, url: `/api${url}`, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

let seq = 0;
/** A partner with one approved deal entry per net profit given (each project at Project Completion). */
async function partnerWith(account_type: 'referral_partner' | 'sales_partner', netProfits: number[], first_name = `Pay${++seq}`): Promise<SignedIn> {
  const partner = await t.signIn({ first_name, last_name: 'Partner', account_type, company_name: `${first_name} Solar LLC` });
  await makePayoutReady(t, partner.user.id);
  for (const [index, net_profit_usd] of netProfits.entries()) {
    const created = await call('POST', '/admin/projects', admin, { project: { user_id: partner.user.id, company_name: `${first_name} Job ${index + 1}`, project_stage: 'Project Completion' } });
    expect(created.statusCode, created.body).toBe(201);
    const deal = await call('PUT', `/admin/projects/${created.json().id}/deal`, admin, { contract_value_usd: net_profit_usd * 5, net_profit_usd });
    expect(deal.json().deal.entry.status).toBe('approved');
  }
  return partner;
}
const adjust = async (who: SignedIn, amount_usd: number, reason: string) => expect((await call('POST', '/admin/earnings/adjustments', admin, { user_id: who.user.id, amount_usd, reason })).statusCode).toBe(201);
const payables = async (): Promise<PayablesResponse> => {
  const res = await call('GET', '/admin/payables');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** One ticked partner of a payout run, with the payable balance the administrator confirmed. */
const pay = (who: SignedIn, payable_usd: number) => ({ user_id: who.user.id, payable_usd });
const payableOf = async (who: SignedIn): Promise<Payable | undefined> => (await payables()).payables.find((payable) => payable.user_id === who.user.id);
/** Moves a partner's approved entries' approval back by `days`. */
const ageEntries = (who: SignedIn, days: number) =>
  t.db.update(earningEntries).set({ approved_at: new Date(Date.now() - days * 86_400_000 - 60_000) }).where(and(eq(earningEntries.user_id, who.user.id), eq(earningEntries.status, 'approved')));

describe('GET /api/admin/payables (issue 37 item 1)', () => {
  it('lists partners past their tier minimum with the entries behind the balance, the oldest debt first', async () => {
    const sales = await partnerWith('sales_partner', [100]); // 60 % = $60, no minimum
    const referral = await partnerWith('referral_partner', [10_000, 5_000]); // 20 % = $2,000 + $1,000 = $3,000 >= $2,500
    const belowMinimum = await partnerWith('referral_partner', [10_000]); // $2,000 < $2,500
    await ageEntries(referral, 40);
    await ageEntries(sales, 3);

    const all = await payables();
    const mine = all.payables.filter((payable) => [sales.user.id, referral.user.id, belowMinimum.user.id].includes(payable.user_id));
    expect(mine.map((payable) => payable.user_id)).toEqual([referral.user.id, sales.user.id]);
    expect(mine[0]).toMatchObject({
      user_name: referral.user.first_name + ' Partner',
      email: referral.user.email,
      company_name: `${referral.user.first_name} Solar LLC`,
      account_type: 'referral_partner',
      payable_usd: 3000,
      minimum_payout_usd: 2500,
      oldest_age_days: 40,
      blocked_reason: null,
    });
    expect(mine[0]!.entries.map((entry) => [entry.amount_usd, entry.status])).toEqual([
      [2000, 'approved'],
      [1000, 'approved'],
    ]);
    expect(mine[1]).toMatchObject({ payable_usd: 60, minimum_payout_usd: 0, oldest_age_days: 3 });
    // The oldest debt first across the whole list, and the total is the list's sum.
    const ages = all.payables.map((payable) => payable.oldest_entry_at);
    expect(ages).toEqual([...ages].sort());
    expect(all.total_usd).toBeCloseTo(all.payables.reduce((total, payable) => total + payable.payable_usd, 0), 2);
  });

  it('never lists a balance at or below zero, nor one a negative adjustment takes below the minimum', async () => {
    const negative = await partnerWith('sales_partner', [100]); // $60
    await adjust(negative, -180, 'Overpaid on the Harbor job'); // -$120
    const reduced = await partnerWith('referral_partner', [15_000]); // $3,000
    await adjust(reduced, -600, 'Refund'); // $2,400 < $2,500
    const zero = await partnerWith('sales_partner', [100]);
    await adjust(zero, -60, 'Reversal'); // $0

    expect(await payableOf(negative)).toBeUndefined();
    expect(await payableOf(reduced)).toBeUndefined();
    expect(await payableOf(zero)).toBeUndefined();
    // Back above the minimum, the adjustment is among the entries behind the balance.
    await adjust(reduced, 100, 'Bonus');
    const back = await payableOf(reduced);
    expect(back?.payable_usd).toBe(2500);
    expect(back?.entries.map((entry) => entry.kind)).toEqual(['deal', 'adjustment', 'adjustment']);
  });
});

describe('POST /api/admin/payout_runs (issue 37 item 1)', () => {
  it('pays every payable partner ticked, one payout each, refuses the others with why, and notifies and audits each payout', async () => {
    const a = await partnerWith('sales_partner', [1_000]); // $600
    const b = await partnerWith('referral_partner', [20_000]); // $4,000
    const low = await partnerWith('referral_partner', [1_000]); // $200, below the minimum
    const nothing = await t.signIn({ first_name: 'Nil', last_name: 'Owed', account_type: 'sales_partner' });

    const res = await call('POST', '/admin/payout_runs', admin, { payout_run: { payments: [pay(a, 600), pay(low, 200), pay(b, 4000), pay(nothing, 60), { user_id: 1_999_999_999, payable_usd: 10 }], reference: 'ACH batch 2026-12' } });
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json<PayoutRunResponse>();
    expect(run.payouts.map((payout) => [payout.user_id, payout.amount_usd, payout.reference, payout.paid_by_name])).toEqual([
      [a.user.id, 600, 'ACH batch 2026-12', 'Avery Admin'],
      [b.user.id, 4000, 'ACH batch 2026-12', 'Avery Admin'],
    ]);
    expect(run.refused).toEqual([
      { user_id: low.user.id, user_name: `${low.user.first_name} Partner`, code: 'below_minimum', message: 'Nothing is payable yet: the approved $200.00 is below the minimum payout of $2,500.00.' },
      { user_id: nothing.user.id, user_name: 'Nil Owed', code: 'nothing_payable', message: 'Nothing is payable: the partner has no approved earnings to pay.' },
      { user_id: 1_999_999_999, user_name: '', code: 'not_found', message: 'User not found.' },
    ]);

    // Each paid partner: entries paid by their payout, one notification, one audit entry.
    for (const [who, payout] of [
      [a, run.payouts[0]!],
      [b, run.payouts[1]!],
    ] as const) {
      const entries = await t.db.select().from(earningEntries).where(eq(earningEntries.user_id, who.user.id));
      expect(entries.map((entry) => [entry.status, entry.payout_id])).toEqual([['paid', payout.id]]);
      const notes = await t.db.select().from(notifications).where(and(eq(notifications.user_id, who.user.id), eq(notifications.title, 'Payout on its way')));
      expect(notes.map((note) => note.message)).toEqual([`A payout of $${payout.amount_usd.toLocaleString('en-US', { minimumFractionDigits: 2 })} is on its way to your bank account (reference ACH batch 2026-12).`]);
      const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, who.user.id), eq(auditEntries.action, 'payout_recorded')));
      expect(audit.map((entry) => [entry.actor_id, entry.changes])).toEqual([
        [admin.user.id, { amount_usd: { before: null, after: payout.amount_usd }, reference: { before: null, after: 'ACH batch 2026-12' }, record_id: { before: null, after: payout.id } }],
      ]);
    }
    // The refused are untouched and the paid leave the payables.
    expect((await t.db.select().from(earningEntries).where(eq(earningEntries.user_id, low.user.id))).map((entry) => entry.status)).toEqual(['approved']);
    const left = (await payables()).payables.map((payable) => payable.user_id);
    expect(left).not.toContain(a.user.id);
    expect(left).not.toContain(b.user.id);
    // The history lists them company-wide, newest first.
    const history = (await call('GET', '/admin/payouts?per_page=50')).json<{ id: number }[]>().map((payout) => payout.id);
    expect(history.indexOf(run.payouts[1]!.id)).toBeLessThan(history.indexOf(run.payouts[0]!.id));
  });

  it('answers 409 conflict with each partner’s reason when nobody could be paid', async () => {
    const low = await partnerWith('referral_partner', [1_000]);
    const nothing = await t.signIn({ first_name: 'Zero', last_name: 'Balance', account_type: 'sales_partner' });
    const res = await call('POST', '/admin/payout_runs', admin, { payout_run: { payments: [pay(low, 200), pay(nothing, 1)], reference: 'ACH-none' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'conflict',
        message: `Nobody was paid. ${low.user.first_name} Partner: Nothing is payable yet: the approved $200.00 is below the minimum payout of $2,500.00. Zero Balance: Nothing is payable: the partner has no approved earnings to pay.`,
        fields: { [String(low.user.id)]: 'Nothing is payable yet: the approved $200.00 is below the minimum payout of $2,500.00.', [String(nothing.user.id)]: 'Nothing is payable: the partner has no approved earnings to pay.' },
      },
    });
    expect(await t.db.select().from(payouts).where(inArray(payouts.user_id, [low.user.id, nothing.user.id]))).toEqual([]);
  });

  it('never pays anyone twice when two admins run the same payout run at once (two processes)', async () => {
    const second = await createTestApp({ BUSINESS_TIME_ZONE: 'America/Los_Angeles' }, { sameDatabaseAs: t });
    try {
      const other = await second.signIn({ first_name: 'Blair', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' });
      const partners = [await partnerWith('sales_partner', [1_000, 2_000]), await partnerWith('sales_partner', [500]), await partnerWith('referral_partner', [20_000])];
      const ids = partners.map((partner) => partner.user.id);
      const body = { payout_run: { payments: partners.map((partner, index) => pay(partner, [1_800, 300, 4_000][index]!)), reference: 'Same run' } };
      const [first, again] = await Promise.all([call('POST', '/admin/payout_runs', admin, body), call('POST', '/admin/payout_runs', other, body, second)]);

      const made = await t.db.select().from(payouts).where(inArray(payouts.user_id, ids));
      expect(made.map((payout) => payout.user_id).sort()).toEqual([...ids].sort());
      expect(made.map((payout) => payout.amount_cents).reduce((a, b) => a + b)).toBe((1_800 + 300 + 4_000) * 100);
      // Between the two answers each partner was paid once and refused once.
      const answers = [first, again].map((res) => (res.statusCode === 409 ? { payouts: [], refused: Object.keys(res.json().error.fields).map((id) => ({ user_id: Number(id), code: 'nothing_payable' })) } : res.json<PayoutRunResponse>()));
      expect(answers.flatMap((answer) => answer.payouts.map((payout) => payout.user_id)).sort()).toEqual([...ids].sort());
      expect(answers.flatMap((answer) => answer.refused.map((refusal) => [refusal.user_id, refusal.code])).sort()).toEqual(ids.map((id) => [id, 'nothing_payable']).sort());
      const entries = await t.db.select().from(earningEntries).where(inArray(earningEntries.user_id, ids));
      expect(entries.every((entry) => entry.status === 'paid' && made.some((payout) => payout.id === entry.payout_id && payout.user_id === entry.user_id))).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('the single payout still pays through the same path and refuses with the same reasons', async () => {
    const low = await partnerWith('referral_partner', [1_000]);
    const refused = await call('POST', '/admin/payouts', admin, { user_id: low.user.id, reference: 'ACH-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'conflict', message: 'Nothing is payable yet: the approved $200.00 is below the minimum payout of $2,500.00.' });
    const sales = await partnerWith('sales_partner', [100]);
    const paid = await call('POST', '/admin/payouts', admin, { user_id: sales.user.id, reference: 'ACH-2' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ user_id: sales.user.id, amount_usd: 60, entries: [expect.objectContaining({ status: 'paid' })] });
  });

  it('refuses a body it cannot read with 422 and a clear message', async () => {
    const one = (payment: object) => ({ payout_run: { payments: [payment], reference: 'x' } });
    const cases: [object, RegExp][] = [
      [{}, /payout_run/],
      [{ payout_run: { payments: [], reference: 'x' } }, /Tick at least one partner/],
      [{ payout_run: { user_ids: [1], reference: 'x' } }, /Tick at least one partner/],
      [{ payout_run: { payments: [{ user_id: 1, payable_usd: 5 }, { user_id: 1, payable_usd: 6 }], reference: 'x' } }, /Each partner at most once/],
      [one({ user_id: 'a', payable_usd: 5 }), /Each user id must be a whole number/],
      [one({ user_id: 1 }), /Each payable amount must be an amount in dollars/],
      [one({ user_id: 1, payable_usd: '5' }), /Each payable amount must be an amount in dollars/],
      [one({ user_id: 1, payable_usd: 0 }), /Each payable amount must be more than \$0/],
      [one({ user_id: 1, payable_usd: -60 }), /Each payable amount must be more than \$0/],
      [one({ user_id: 1, payable_usd: 60.005 }), /Each payable amount has at most two decimals/],
      [one({ user_id: 1, payable_usd: 2_000_000_000 }), /Each payable amount must be at most \$1,000,000,000/],
      [one({ user_id: 1, payable_usd: 5, extra: true }), /extra/],
      [{ payout_run: { payments: [{ user_id: 1, payable_usd: 5 }], reference: '  ' } }, /Give the payment reference/],
      [{ payout_run: { payments: [{ user_id: 1, payable_usd: 5 }], reference: 'x', extra: true } }, /extra/],
      [{ payout_run: { payments: Array.from({ length: 201 }, (_, index) => ({ user_id: index + 1, payable_usd: 5 })), reference: 'x' } }, /At most 200 partners/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/admin/payout_runs', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(res.json().error), JSON.stringify(payload)).toMatch(message);
    }
  });

  it('pays only the amount confirmed: a partner whose balance changed after loading is refused amount_changed, another is still paid', async () => {
    const grew = await partnerWith('sales_partner', [1_000], 'Hana'); // $600 when the page loaded
    const shrank = await partnerWith('sales_partner', [2_000]); // $1,200 when the page loaded
    const steady = await partnerWith('sales_partner', [500]); // $300
    const loaded = await payables();
    const shown = (who: SignedIn) => loaded.payables.find((payable) => payable.user_id === who.user.id)!.payable_usd;
    expect([shown(grew), shown(shrank), shown(steady)]).toEqual([600, 1200, 300]);
    // Between loading and confirming: another approved entry for one, a negative adjustment for another.
    const project = await call('POST', '/admin/projects', admin, { project: { user_id: grew.user.id, company_name: 'Hana Job 2', project_stage: 'Project Completion' } });
    await call('PUT', `/admin/projects/${project.json().id}/deal`, admin, { contract_value_usd: 5_000, net_profit_usd: 1_057.5 }); // + $634.50
    await adjust(shrank, -34.5, 'Chargeback');

    const res = await call('POST', '/admin/payout_runs', admin, { payout_run: { payments: [pay(grew, shown(grew)), pay(shrank, shown(shrank)), pay(steady, shown(steady))], reference: 'ACH-changed' } });
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json<PayoutRunResponse>();
    expect(run.payouts.map((payout) => [payout.user_id, payout.amount_usd])).toEqual([[steady.user.id, 300]]);
    expect(run.refused).toEqual([
      { user_id: grew.user.id, user_name: 'Hana Partner', code: 'amount_changed', message: "Hana Partner's payable balance is now $1,234.50, not $600.00: reload Payables and confirm again." },
      { user_id: shrank.user.id, user_name: `${shrank.user.first_name} Partner`, code: 'amount_changed', message: `${shrank.user.first_name} Partner's payable balance is now $1,165.50, not $1,200.00: reload Payables and confirm again.` },
    ]);
    // Nothing paid to the refused: no payout, entries still approved, no notification, no audit.
    expect(await t.db.select().from(payouts).where(inArray(payouts.user_id, [grew.user.id, shrank.user.id]))).toEqual([]);
    const left = await t.db.select().from(earningEntries).where(inArray(earningEntries.user_id, [grew.user.id, shrank.user.id]));
    expect(left.every((entry) => entry.status === 'approved' && entry.payout_id === null)).toBe(true);
    expect(await t.db.select().from(notifications).where(and(inArray(notifications.user_id, [grew.user.id, shrank.user.id]), eq(notifications.title, 'Payout on its way')))).toEqual([]);
    expect(await t.db.select().from(auditEntries).where(and(inArray(auditEntries.entity_id, [grew.user.id, shrank.user.id]), eq(auditEntries.action, 'payout_recorded')))).toEqual([]);

    // Confirmed again at the new amount, it is paid.
    const again = await call('POST', '/admin/payout_runs', admin, { payout_run: { payments: [pay(grew, 1_234.5)], reference: 'ACH-changed-2' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<PayoutRunResponse>().payouts.map((payout) => [payout.user_id, payout.amount_usd])).toEqual([[grew.user.id, 1234.5]]);
  });

  it('a partner paid stays paid when the push after the commit fails: logged, never listed as refused', async () => {
    const first = await partnerWith('sales_partner', [100]); // $60
    const second = await partnerWith('sales_partner', [200]); // $120
    const wake = vi.spyOn(t.app.ctx.mailer, 'wake').mockImplementation(() => {
      throw new Error('mailer down');
    });
    try {
      const res = await call('POST', '/admin/payout_runs', admin, { payout_run: { payments: [pay(first, 60), pay(second, 120)], reference: 'ACH-push' } });
      expect(wake).toHaveBeenCalled();
      expect(res.statusCode, res.body).toBe(201);
      const run = res.json<PayoutRunResponse>();
      expect(run.payouts.map((payout) => [payout.user_id, payout.amount_usd])).toEqual([
        [first.user.id, 60],
        [second.user.id, 120],
      ]);
      expect(run.refused).toEqual([]);
    } finally {
      wake.mockRestore();
    }
    // The notifications were committed with the payouts: the partners see them on the next fetch.
    const notes = await t.db.select().from(notifications).where(and(inArray(notifications.user_id, [first.user.id, second.user.id]), eq(notifications.title, 'Payout on its way')));
    expect(notes).toHaveLength(2);
  });
});

describe('access (issue 37 item 1)', () => {
  it('keeps payables, payout runs and the accounting exports to full-access admins', async () => {
    const member = await t.signIn({ account_type: 'sales_partner' });
    const engineer = await t.signIn({ account_type: 'admin', company_role: 'project_engineer' });
    for (const [method, url, body] of [
      ['GET', '/admin/payables'],
      ['POST', '/admin/payout_runs', { payout_run: { payments: [pay(member, 10)], reference: 'x' } }],
      ['GET', '/admin/earnings.csv'],
      ['GET', '/admin/payouts.csv'],
    ] as const) {
      expect((await call(method, url, member, body)).statusCode, `${method} ${url} member`).toBe(403);
      expect((await call(method, url, engineer, body)).statusCode, `${method} ${url} engineer`).toBe(403);
      expect((await call(method, url, null, body)).statusCode, `${method} ${url} nobody`).toBe(401);
    }
  });
});
