import { DEFAULT_ESTIMATE_ASSUMPTIONS } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { multipartBody } from '../../test/fixtures.js';
import type { BusMessage } from '../../lib/bus.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { espiFeed, fifteenMinuteCsv, monthlyBillingCsv } from '../usage/usage-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
let member: Awaited<ReturnType<TestApp['signIn']>>;
let other: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ first_name: 'Avery', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' });
  member = await t.signIn({ account_type: 'referral_partner' });
  other = await t.signIn({ account_type: 'referral_partner' });
});
afterAll(async () => t?.close());

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const meterA = [6000, 6000, 6000, 6000, 6000, 6000, 4000, 4000, 4000, 4000, 4000, 4000];
const meterB = Array.from({ length: 12 }, () => 5000);

async function createProject(fields: Record<string, unknown>): Promise<number> {
  const res = await call('POST', '/api/projects', member.auth, { project: { company_name: 'Fresno Cold Storage', ...fields } });
  expect(res.statusCode).toBe(201);
  return res.json().projectId as number;
}

describe('GET /api/projects/{id}/estimate', () => {
  it("answers DOMAIN.md's worked example from the project's own data, to its owner and to admins", async () => {
    const id = await createProject({ state: 'California', power_bill_received_status: 'Yes', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB] });
    const res = await call('GET', `/api/projects/${id}/estimate`, member.auth);
    expect(res.statusCode).toBe(200);
    const estimate = res.json();
    expect(estimate.system).toEqual({ size_kw_dc: 67.5, annual_production_kwh: 108000, offset: 0.9 });
    expect(estimate.cost).toMatchObject({ gross_usd: 141750, itc_usd: 42525, net_usd: 99225 });
    expect(estimate.savings).toMatchObject({ first_year_usd: 19440, payback_years: 4.86 });
    expect(estimate.financing.map((row: { monthly_payment_usd: number }) => row.monthly_payment_usd)).toEqual([1794.86, 1436.88, 1274.45]);
    expect(estimate.missing).toEqual([]);
    const byAdmin = await call('GET', `/api/admin/projects/${id}/estimate`, admin.auth);
    expect(byAdmin.json()).toEqual(estimate);
  });

  it("is another member's 404 and a stranger's 401", async () => {
    const id = await createProject({});
    expect((await call('GET', `/api/projects/${id}/estimate`, other.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${id}/estimate`, {})).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/projects/${id}/estimate`, member.auth)).statusCode).toBe(403);
  });

  it('answers 200 with finite numbers for kWh and a bill stored before their bounds (issue 34 item 6)', async () => {
    const id = await createProject({ state: 'CA' });
    const cases: [number[][], string][] = [
      [[Array<number>(12).fill(1e308), meterB], '2400'],
      [[Array<number>(12).fill(1e-308)], '9'.repeat(308)],
      [[Array<number>(12).fill(1e-308)], '1'],
    ];
    for (const [kilowatt_amounts, bill] of cases) {
      await t.db.update(projects).set({ kilowatt_amounts, average_monthly_power_bill_cost: bill }).where(eq(projects.id, id));
      const res = await call('GET', `/api/projects/${id}/estimate`, member.auth);
      expect(res.statusCode, `${kilowatt_amounts[0]![0]} ${bill.slice(0, 5)}`).toBe(200);
    }
  });

  it('names what is missing and still answers 200', async () => {
    const id = await createProject({});
    const res = await call('GET', `/api/projects/${id}/estimate`, member.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().missing.map((entry: { field: string }) => entry.field)).toEqual(['kilowatt_amounts', 'average_monthly_power_bill_cost', 'state']);
    expect(res.json().system.size_kw_dc).toBeNull();
  });

  it('takes the tax-credit inputs of the project, editable by the owner and by admins', async () => {
    const id = await createProject({ state: 'CA', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB], itc_energy_community: true });
    const patched = await call('PATCH', `/api/projects/${id}`, member.auth, { project: { itc_domestic_content: true } });
    expect(patched.json()).toMatchObject({ itc_energy_community: true, itc_domestic_content: true, tax_exempt: false });
    expect((await call('PUT', `/api/admin/projects/${id}`, admin.auth, { project: { tax_exempt: true } })).json().tax_exempt).toBe(true);
    const estimate = (await call('GET', `/api/projects/${id}/estimate`, member.auth)).json();
    expect(estimate.cost).toMatchObject({ itc_rate: 0.5, itc_usd: 70875, elective_pay: true });
    expect((await call('PATCH', `/api/projects/${id}`, member.auth, { project: { tax_exempt: 'yes' } })).statusCode).toBe(422);
  });
});

describe('/api/admin/estimate-assumptions', () => {
  it("starts at DOMAIN.md's defaults, saves a change that every estimate then uses, and audits it", async () => {
    const start = await call('GET', '/api/admin/estimate-assumptions', admin.auth);
    expect(start.json()).toMatchObject({ assumptions: DEFAULT_ESTIMATE_ASSUMPTIONS, defaults: DEFAULT_ESTIMATE_ASSUMPTIONS, updated_at: null });
    const id = await createProject({ state: 'CA', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB] });
    const saved = await call('PUT', '/api/admin/estimate-assumptions', admin.auth, { assumptions: { ...DEFAULT_ESTIMATE_ASSUMPTIONS, cost_per_watt_usd: 2, financing_terms_years: [12] } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ assumptions: { cost_per_watt_usd: 2, financing_terms_years: [12] }, updated_by_name: 'Avery Admin' });
    const estimate = (await call('GET', `/api/projects/${id}/estimate`, member.auth)).json();
    expect(estimate.cost.gross_usd).toBe(135000);
    expect(estimate.financing.map((row: { term_years: number }) => row.term_years)).toEqual([12]);
    const audit = (await call('GET', '/api/admin/audit?entity_type=setting&entity_id=1', admin.auth)).json();
    expect(audit[0]).toMatchObject({ action: 'estimate_assumptions_updated', actor_name: 'Avery Admin', changes: { cost_per_watt_usd: { before: 2.1, after: 2 }, financing_terms_years: { before: [10, 15, 20], after: [12] } } });
    await call('PUT', '/api/admin/estimate-assumptions', admin.auth, { assumptions: DEFAULT_ESTIMATE_ASSUMPTIONS });
  });

  it('refuses invalid values with a message and members with 403', async () => {
    const bad = await call('PUT', '/api/admin/estimate-assumptions', admin.auth, { assumptions: { ...DEFAULT_ESTIMATE_ASSUMPTIONS, target_offset: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().error)).toMatch(/Target offset must be more than 0/);
    const partial = await call('PUT', '/api/admin/estimate-assumptions', admin.auth, { assumptions: { cost_per_watt_usd: 2 } });
    expect(partial.statusCode).toBe(422);
    expect((await call('PUT', '/api/admin/estimate-assumptions', member.auth, { assumptions: DEFAULT_ESTIMATE_ASSUMPTIONS })).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/estimate-assumptions', member.auth)).statusCode).toBe(403);
  });
});

describe('POST /api/projects/{id}/usage-imports', () => {
  const upload = (id: number, filename: string, data: string | Buffer, auth = member.auth, prefix = '/api/projects') => {
    const body = multipartBody([{ field: 'file', filename, contentType: 'application/octet-stream', data: Buffer.isBuffer(data) ? data : Buffer.from(data) }]);
    return t.app.inject({ method: 'POST', url: `${prefix}/${id}/usage-imports`, headers: { ...auth, ...body.headers }, payload: body.payload });
  };

  it('reads a year of hourly ESPI XML into 12 months without saving anything', async () => {
    const id = await createProject({ state: 'CA' });
    const xml = espiFeed({ prefix: 'espi:', from: '2024-01-01T08:00:00Z', hours: 366 * 24 + 24 * 3, whPerHour: 1000, powerOfTen: 0, time: { tzOffset: -28_800, dstOffset: 3600, dstStartRule: 0x360e2000, dstEndRule: 0xb40e2000 } });
    const res = await upload(id, 'greenbutton.xml', xml);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'espi_xml', period_start: '2024-01-01', period_end: '2024-12-31' });
    expect(res.json().meters[0]).toEqual([744, 696, 743, 720, 744, 720, 744, 744, 720, 744, 721, 744]);
    const project = (await call('GET', `/api/projects/${id}`, member.auth)).json();
    expect(project.kilowatt_amounts).toEqual([]);
  });

  it('reads a 15-minute CSV and a monthly billing CSV; admins may import on any project', async () => {
    const id = await createProject({});
    const quarterHours = await upload(id, 'usage.csv', fifteenMinuteCsv({ from: '2024-01-01', days: 366, kwhPer15: 0.5 }));
    expect(quarterHours.statusCode).toBe(200);
    expect(quarterHours.json()).toMatchObject({ source: 'csv', period_start: '2024-01-01', period_end: '2024-12-31' });
    expect(quarterHours.json().meters[0][1]).toBe(29 * 24 * 2);
    const published: BusMessage[] = [];
    const stop = t.app.ctx.bus.onMessage((message) => published.push(message));
    const bills = await upload(id, 'bills.csv', monthlyBillingCsv(), admin.auth, '/api/admin/projects');
    expect(bills.statusCode).toBe(200);
    expect(bills.json().meters[0]).toHaveLength(12);
    // Nothing was saved, so no admin_changed tells the other admin tabs to refetch.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(published.filter((message) => 'admins' in message)).toEqual([]);
  });

  it('answers 422 saying why for a file it cannot read, and 404 for another member', async () => {
    const id = await createProject({});
    const broken = await upload(id, 'broken.xml', '<feed><entry><content><espi:IntervalBlock>');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().error.fields.file).toMatch(/not readable XML/);
    const binary = await upload(id, 'photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    expect(binary.statusCode).toBe(422);
    expect(binary.json().error.message).toMatch(/not text/);
    expect((await upload(id, 'usage.csv', monthlyBillingCsv(), other.auth)).statusCode).toBe(404);
    const noFile = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/usage-imports`, headers: { ...member.auth, 'content-type': 'application/json' }, payload: {} });
    expect(noFile.statusCode).toBe(415);
  });
});
