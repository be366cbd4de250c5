import { W9_CERTIFICATION_TEXT, type TaxFormResponse } from '@sunin/contract';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, mailMessages, notifications, payouts, taxForms } from '../../db/schema/index.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { settleLocalPayouts } from './payout-sending.service.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * Issue 38 items 1 and 5: the W-9 before any payout, the TIN sealed and only ever shown
 * masked, the administrator's review, and the year's 1099 totals.
 */
let t: TestApp;
let admin: SignedIn;
/** Every log line the app wrote (LOG_LEVEL=trace), searched for the TIN. */
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace', BUSINESS_TIME_ZONE: 'America/Los_Angeles' }, { logStream: { write: (line) => void logLines.push(line) } });
  admin = await t.signIn({ first_name: 'Avery', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

/** A TIN no fixture uses, so finding its digits anywhere is a leak. */
const SSN = '521-47-3906';
const SSN_DIGITS = '521473906';
const form = (overrides: Record<string, unknown> = {}) => ({
  tax_form: { legal_name: 'Jordan Rivera', business_type: 'individual', tin_type: 'ssn', tin: SSN, address_1: '12 Oak Ave', city: 'Fresno', state: 'CA', zip: '93701', certified: true, ...overrides },
});
const partner = (first_name: string) => t.signIn({ first_name, last_name: 'Partner', account_type: 'sales_partner' });
const adjust = async (who: SignedIn, amount_usd: number) => expect((await call('POST', '/admin/earnings/adjustments', admin, { user_id: who.user.id, amount_usd, reason: 'Bonus' })).statusCode).toBe(201);

describe('GET/PUT /api/user/tax_form', () => {
  it('answers no form before one is given, with the certification text', async () => {
    const me = await partner('Nofo');
    const res = await call('GET', '/user/tax_form', me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tax_form: null, certification_text: W9_CERTIFICATION_TEXT });
  });

  it('refuses a wrong TIN, a missing certification and a bad address per field (422), and stores nothing', async () => {
    const me = await partner('Wrong');
    const cases: [Record<string, unknown>, string][] = [
      [{ tin: '111-11-1111' }, 'tin'],
      [{ tin: '12345' }, 'tin'],
      [{ tin: '666-12-3456' }, 'tin'],
      [{ tin_type: 'ein', tin: '00-1234567' }, 'tin'],
      [{ certified: false }, 'certified'],
      [{ state: 'XX' }, 'state'],
      [{ zip: '9370' }, 'zip'],
      [{ legal_name: '  ' }, 'legal_name'],
      [{ business_type: 'nonprofit' }, 'business_type'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('PUT', '/user/tax_form', me, form(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(Object.keys(res.json().error.fields ?? {}).some((key) => key.endsWith(field)), `${JSON.stringify(overrides)}: ${res.body}`).toBe(true);
      expect(res.body).not.toContain(SSN_DIGITS);
    }
    expect(await t.db.select().from(taxForms).where(eq(taxForms.user_id, me.user.id))).toEqual([]);
  });

  it('stores the TIN as nine digits sealed under TIN_ENCRYPTION_KEY and answers only its mask, certified now from the caller’s address', async () => {
    const me = await partner('Saved');
    const before = Date.now();
    const res = await call('PUT', '/user/tax_form', me, form());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TaxFormResponse;
    expect(body.tax_form).toMatchObject({ legal_name: 'Jordan Rivera', business_type: 'individual', tin_type: 'ssn', tin_masked: '***-**-3906', state: 'CA', zip: '93701', reviewed_at: null, reviewed_by_name: null });
    expect(body.tax_form).not.toHaveProperty('tin');
    expect(res.body).not.toContain(SSN_DIGITS);
    expect(res.body).not.toContain(SSN);
    expect(new Date(body.tax_form!.certified_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await call('GET', '/user/tax_form', me)).json()).toEqual(body);

    const [row] = await t.db.select().from(taxForms).where(eq(taxForms.user_id, me.user.id));
    expect(row).toMatchObject({ tin_last4: '3906', certified_ip: '127.0.0.1' });
    expect(row!.tin_sealed).not.toContain(SSN_DIGITS);
    expect(createSecretBox(t.app.ctx.config.tinEncryptionKey).decrypt(row!.tin_sealed)).toBe(SSN_DIGITS);
    // Not the two-factor key: a TIN does not open with it.
    expect(() => createSecretBox(t.app.ctx.config.mfaEncryptionKey).decrypt(row!.tin_sealed)).toThrow();
  });

  it('replaces the form on a new submission, clears the review and audits the changes with the TIN only masked', async () => {
    const me = await partner('Again');
    expect((await call('PUT', '/user/tax_form', me, form())).statusCode).toBe(200);
    expect((await call('POST', `/admin/users/${me.user.id}/tax_form/review`, admin)).json().tax_form.reviewed_at).not.toBeNull();
    const again = await call('PUT', '/user/tax_form', me, form({ business_type: 'llc_p', tin_type: 'ein', tin: '98-7654321', legal_name: 'Rivera Solar LLC' }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().tax_form).toMatchObject({ legal_name: 'Rivera Solar LLC', tin_type: 'ein', tin_masked: '**-***4321', reviewed_at: null, reviewed_by_name: null });
    expect(await t.db.select().from(taxForms).where(eq(taxForms.user_id, me.user.id))).toHaveLength(1);

    const entries = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'user'), eq(auditEntries.entity_id, me.user.id), eq(auditEntries.action, 'tax_form_saved')));
    expect(entries).toHaveLength(2);
    const last = entries.sort((a, b) => a.id - b.id)[1]!;
    expect(last.actor_id).toBe(me.user.id);
    expect(last.changes).toMatchObject({
      legal_name: { before: 'Jordan Rivera', after: 'Rivera Solar LLC' },
      business_type: { before: 'individual', after: 'llc_p' },
      tin_masked: { before: '***-**-3906', after: '**-***4321' },
      reviewed_at: { after: null },
    });
    expect(last.changes).not.toHaveProperty('city');
    expect(JSON.stringify(entries)).not.toMatch(/521473906|987654321|tin_sealed/);

    // The same last four digits behind another TIN still shows as a TIN change.
    await call('PUT', '/user/tax_form', me, form({ business_type: 'llc_p', tin_type: 'ein', tin: '12-3454321', legal_name: 'Rivera Solar LLC' }));
    const [newest] = (await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, me.user.id), eq(auditEntries.action, 'tax_form_saved')))).sort((a, b) => b.id - a.id);
    expect(newest!.changes).toMatchObject({ tin_masked: { before: '**-***4321', after: '**-***4321' } });
    expect(newest!.changes).not.toHaveProperty('legal_name');
  });

  it('is the caller’s own: nobody else’s form shows, and none without a token', async () => {
    const owner = await partner('Owner');
    const other = await partner('Other');
    await call('PUT', '/user/tax_form', owner, form());
    expect((await call('GET', '/user/tax_form', other)).json().tax_form).toBeNull();
    expect((await call('GET', '/user/tax_form', null)).statusCode).toBe(401);
    expect((await call('PUT', '/user/tax_form', null, form())).statusCode).toBe(401);
  });
});

describe('the administrator’s side', () => {
  it('shows a partner’s form masked, 404 for an unknown user, and refuses members', async () => {
    const me = await partner('Shown');
    expect((await call('GET', `/admin/users/${me.user.id}/tax_form`, admin)).json()).toEqual({ tax_form: null, certification_text: W9_CERTIFICATION_TEXT });
    await call('PUT', '/user/tax_form', me, form());
    const res = await call('GET', `/admin/users/${me.user.id}/tax_form`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().tax_form).toMatchObject({ tin_masked: '***-**-3906', legal_name: 'Jordan Rivera' });
    expect(res.body).not.toContain(SSN_DIGITS);
    expect((await call('GET', '/admin/users/999999/tax_form', admin)).statusCode).toBe(404);
    expect((await call('GET', `/admin/users/${me.user.id}/tax_form`, me)).statusCode).toBe(403);
    expect((await call('POST', `/admin/users/${me.user.id}/tax_form/review`, me)).statusCode).toBe(403);
  });

  it('marks a form reviewed (audited, the partner told), 409 without a form, 404 for an unknown user', async () => {
    const none = await partner('Unformed');
    const missing = await call('POST', `/admin/users/${none.user.id}/tax_form/review`, admin);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.code).toBe('conflict');
    expect((await call('POST', '/admin/users/999999/tax_form/review', admin)).statusCode).toBe(404);

    const me = await partner('Reviewed');
    await call('PUT', '/user/tax_form', me, form());
    const res = await call('POST', `/admin/users/${me.user.id}/tax_form/review`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tax_form).toMatchObject({ reviewed_by_name: 'Avery Admin', tin_masked: '***-**-3906' });
    expect(res.json().tax_form.reviewed_at).not.toBeNull();
    expect((await call('GET', '/user/tax_form', me)).json().tax_form.reviewed_by_name).toBe('Avery Admin');
    const [row] = await t.db.select().from(taxForms).where(eq(taxForms.user_id, me.user.id));
    expect(row!.reviewed_by).toBe(admin.user.id);
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, me.user.id), eq(auditEntries.action, 'tax_form_reviewed')));
    expect(entry).toMatchObject({ actor_id: admin.user.id, entity_type: 'user' });
    expect(entry!.changes).toMatchObject({ reviewed_by: { before: null, after: admin.user.id } });
    const told = await t.db.select().from(notifications).where(eq(notifications.user_id, me.user.id));
    expect(told.map((n) => n.title)).toContain('Tax form reviewed');
  });
});

describe('no payout without the form (tax_form_required)', () => {
  it('refuses a single payout with 422 tax_form_required, and pays once the form is given', async () => {
    const me = await partner('Blocked');
    await adjust(me, 250);
    const refused = await call('POST', '/admin/payouts', admin, { user_id: me.user.id, reference: 'ACH 1' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('tax_form_required');
    expect(refused.json().error.message).toMatch(/W-9/);
    expect(await t.db.select().from(payouts).where(eq(payouts.user_id, me.user.id))).toEqual([]);

    await call('PUT', '/user/tax_form', me, form());
    await makePayoutReady(t, me.user.id); // the payout account; the form stays the one given
    expect((await call('POST', '/admin/payouts', admin, { user_id: me.user.id, reference: 'ACH 1' })).statusCode).toBe(201);
  });

  it('lists the partner refused in a payout run, with the code, and pays the others', async () => {
    const ready = await partner('Runready');
    await makePayoutReady(t, ready.user.id);
    await adjust(ready, 100);
    const blocked = await partner('Runblocked');
    await adjust(blocked, 80);
    const res = await call('POST', '/admin/payout_runs', admin, { payout_run: { reference: 'Run 1', payments: [{ user_id: ready.user.id, payable_usd: 100 }, { user_id: blocked.user.id, payable_usd: 80 }] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payouts.map((p: { user_id: number }) => p.user_id)).toEqual([ready.user.id]);
    expect(res.json().refused).toEqual([expect.objectContaining({ user_id: blocked.user.id, code: 'tax_form_required', message: expect.stringMatching(/W-9/) })]);
  });

  it('shows the block on payables and leaves the partner out of the total', async () => {
    const blocked = await partner('Payblocked');
    await adjust(blocked, 321);
    const res = await call('GET', '/admin/payables', admin);
    const list = res.json() as { payables: { user_id: number; payable_usd: number; blocked_code: string | null; blocked_reason: string | null }[]; total_usd: number };
    const row = list.payables.find((payable) => payable.user_id === blocked.user.id);
    expect(row).toMatchObject({ payable_usd: 321, blocked_code: 'tax_form_required', blocked_reason: expect.stringMatching(/W-9/) });
    const unblocked = list.payables.filter((payable) => !payable.blocked_code).reduce((sum, payable) => sum + payable.payable_usd, 0);
    expect(list.total_usd).toBeCloseTo(unblocked, 2);

    await call('PUT', '/user/tax_form', blocked, form());
    await makePayoutReady(t, blocked.user.id);
    const after = (await call('GET', '/admin/payables', admin)).json() as typeof list;
    expect(after.payables.find((payable) => payable.user_id === blocked.user.id)).toMatchObject({ blocked_code: null, blocked_reason: null });
    expect(after.total_usd).toBeCloseTo(list.total_usd + 321, 2);
  });
});

describe('GET /api/admin/payouts/1099.csv (issue 38 item 5)', () => {
  const csv = async (year: number | string) => {
    const res = await call('GET', `/admin/payouts/1099.csv?year=${year}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    return { res, rows: parse(text.slice(1)) as string[][] };
  };
  const payout = (userId: number, amount_cents: number, values: Partial<typeof payouts.$inferInsert>) =>
    t.db.insert(payouts).values({ user_id: userId, amount_cents, reference: 'fixture', method: 'local', status: 'paid', ...values });
  let withForm: SignedIn;
  let without: SignedIn;
  let unpaid: SignedIn;

  beforeAll(async () => {
    withForm = await partner('Tenninety');
    await call('PUT', '/user/tax_form', withForm, form({ business_type: 'llc_p', tin_type: 'ein', tin: '45-6781234', legal_name: 'Tenninety Solar LLC', address_1: '=1 Main St' }));
    without = await partner('Noform');
    unpaid = await partner('Unpaid');
    await call('PUT', '/user/tax_form', unpaid, form());
    // 2025: $700 recorded by hand (no settlement time), and $500 sent at 21:00 on 31 December in
    // Los Angeles (already 2026 in UTC) and settled in January: the day it was sent dates it.
    await payout(withForm.user.id, 70_000, { method: 'manual', settled_at: null, created_at: new Date('2025-06-01T18:00:00Z') });
    await payout(withForm.user.id, 50_000, { created_at: new Date('2026-01-01T05:00:00Z'), settled_at: new Date('2026-01-04T17:00:00Z') });
    // Never counted: failed, still pending.
    await payout(withForm.user.id, 1_000_000, { status: 'failed', failure_reason: 'Closed account', created_at: new Date('2025-07-01T12:00:00Z'), settled_at: new Date('2025-07-01T12:00:00Z') });
    await payout(withForm.user.id, 900_000, { status: 'pending', created_at: new Date('2025-08-01T12:00:00Z') });
    // 2026: $1,500 (below $2,000).
    await payout(withForm.user.id, 150_000, { created_at: new Date('2026-03-10T17:00:00Z'), settled_at: new Date('2026-03-10T17:00:00Z') });
    await payout(without.user.id, 10_000, { created_at: new Date('2025-05-05T17:00:00Z'), settled_at: new Date('2025-05-05T17:00:00Z') });
    await payout(without.user.id, 250_000, { created_at: new Date('2026-05-05T17:00:00Z'), settled_at: new Date('2026-05-05T17:00:00Z') });
  });

  it('lists each partner paid in the year with the masked W-9, the paid total and the $600 threshold before 2026', async () => {
    const { res, rows } = await csv(2025);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="1099-totals-2025.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(rows[0]).toEqual(['Partner ID', 'Partner Name', 'Partner Email', 'Legal Name', 'Business Type', 'TIN Type', 'TIN (masked)', 'Missing W-9', 'Address', 'City', 'State', 'ZIP', 'Paid Total', 'Reporting Threshold', 'Reaches Threshold']);
    const mine = rows.filter((row) => [withForm, without, unpaid].some((who) => row[0] === String(who.user.id)));
    expect(mine).toEqual([
      [String(withForm.user.id), 'Tenninety Partner', withForm.user.email, 'Tenninety Solar LLC', 'LLC taxed as a partnership', 'EIN', '**-***1234', 'no', "'=1 Main St", 'Fresno', 'CA', '93701', '1200', '600', 'yes'],
      [String(without.user.id), 'Noform Partner', without.user.email, '', '', '', '', 'yes', '', '', '', '', '100', '600', 'no'],
    ]);
    expect(res.body).not.toContain('456781234');
  });

  it('uses the $2,000 threshold for payments from 2026, and the settings’ thresholds when changed', async () => {
    const mine = (rows: string[][]) => rows.filter((row) => row[0] === String(withForm.user.id) || row[0] === String(without.user.id)).map((row) => [row[0], row[12], row[13], row[14]]);
    expect(mine((await csv(2026)).rows)).toEqual([
      [String(withForm.user.id), '1500', '2000', 'no'],
      [String(without.user.id), '2500', '2000', 'yes'],
    ]);
    const saved = await call('PUT', '/admin/payout-settings', admin, { settings: { clawback_window_days: 90, clawback_notice_days: 7, clawback_reasons: ['project_archived', 'deal_cancelled'], reporting_threshold_usd: { before_2026: 1500, from_2026: 1000 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(mine((await csv(2026)).rows)).toEqual([
      [String(withForm.user.id), '1500', '1000', 'yes'],
      [String(without.user.id), '2500', '1000', 'yes'],
    ]);
    expect(mine((await csv(2025)).rows).map((row) => row[3])).toEqual(['no', 'no']);
    await call('PUT', '/admin/payout-settings', admin, { settings: { clawback_window_days: 90, clawback_notice_days: 7, clawback_reasons: ['project_archived', 'deal_cancelled'], reporting_threshold_usd: { before_2026: 600, from_2026: 2000 } } });
  });

  it('answers only the header for a year nobody was paid, and 422 for a year that is not one', async () => {
    expect((await csv(2001)).rows).toHaveLength(1);
    for (const bad of ['abc', '1999', '2101', '2025.5', '']) {
      const res = await call('GET', `/admin/payouts/1099.csv?year=${bad}`, admin);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await call('GET', '/admin/payouts/1099.csv', admin)).statusCode).toBe(422);
    expect((await call('GET', '/admin/payouts/1099.csv?year=2025&extra=1', admin)).statusCode).toBe(422);
  });

  it('is full_access_admin only, also through the web app’s cookie', async () => {
    const member = await partner('Cookie');
    expect((await call('GET', '/admin/payouts/1099.csv?year=2025', member)).statusCode).toBe(403);
    expect((await call('GET', '/admin/payouts/1099.csv?year=2025', null)).statusCode).toBe(401);
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/admin/payouts/1099.csv?year=2025', headers: { cookie: `authorization=${admin.token}` } });
    expect(viaCookie.statusCode).toBe(200);
  });
});

describe('the TIN never leaves the database', () => {
  it('is in no audit entry, export, mail or log line after a form is saved, reviewed, refused and paid', async () => {
    const me = await partner('Leakcheck');
    // A refused submission carrying the TIN too (a validation failure is logged).
    expect((await call('PUT', '/user/tax_form', me, form({ certified: false }))).statusCode).toBe(422);
    expect((await call('PUT', '/user/tax_form', me, form())).statusCode).toBe(200);
    await call('POST', `/admin/users/${me.user.id}/tax_form/review`, admin);
    await makePayoutReady(t, me.user.id);
    await adjust(me, 75);
    expect((await call('POST', '/admin/payouts', admin, { user_id: me.user.id, reference: 'ACH leak' })).statusCode).toBe(201);
    // The local provider settles it (paid), so the year's 1099 totals count it.
    expect(await settleLocalPayouts(t.app.ctx)).toBeGreaterThanOrEqual(1);

    const needles = [SSN_DIGITS, SSN, '521 47 3906'];
    const haystacks: Record<string, string> = {
      audit: JSON.stringify(await t.db.select().from(auditEntries)),
      outbox: JSON.stringify(await t.db.select().from(mailMessages)),
    };
    for (const path of ['/admin/users.csv', '/admin/earnings.csv', '/admin/payouts.csv', `/admin/payouts/1099.csv?year=${new Date().getFullYear()}`, `/admin/users/${me.user.id}/tax_form`, `/admin/users/${me.user.id}/earnings`, '/admin/payables']) {
      const res = await call('GET', path, admin);
      expect(res.statusCode, path).toBe(200);
      haystacks[path] = res.body;
    }
    await t.app.ctx.background.drain();
    haystacks.mailbox = JSON.stringify(await t.app.ctx.mailer.list());
    haystacks.logs = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(10);
    expect(haystacks.logs).toContain('/api/user/tax_form');
    for (const [where, text] of Object.entries(haystacks)) for (const needle of needles) expect(text.includes(needle), `${needle} in ${where}`).toBe(false);
    // The export does list the partner, masked.
    expect(haystacks[`/admin/payouts/1099.csv?year=${new Date().getFullYear()}`]).toContain('***-**-3906');
  });

  it('is redacted from a logged body, at the top or nested', () => {
    const from = logLines.length;
    t.app.log.info(form(), 'a body at the top');
    t.app.log.info({ body: form(), request: { body: form() } }, 'a body nested');
    const written = logLines.slice(from).join('\n');
    expect(written).toContain('a body nested');
    expect(written).toContain('[redacted]');
    expect(written).not.toContain(SSN);
  });
});
