import { defaultMeter, npv } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterIntervalImports, projects, tariffs } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Issue 35 items 5-7 through the API: the bill engine, the investment measures and the inputs route. */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
let member: Awaited<ReturnType<TestApp['signIn']>>;
let other: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  member = await t.signIn({ account_type: 'referral_partner' });
  other = await t.signIn({ account_type: 'referral_partner' });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const meterA = [6000, 6000, 6000, 6000, 6000, 6000, 4000, 4000, 4000, 4000, 4000, 4000];
const meterB = Array.from({ length: 12 }, () => 5000);

async function createProject(fields: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Fresno Cold Storage', ...fields } } });
  expect(res.statusCode).toBe(201);
  return res.json().projectId as number;
}

/** DOMAIN.md 1b's reference tariff. */
async function insertReferenceTariff(): Promise<number> {
  const [row] = await t.db
    .insert(tariffs)
    .values({
      name: 'Reference',
      utility: 'Test utility',
      state: 'CA',
      effective_date: '2025-01-01',
      customer_charge_usd: 50,
      periods: [],
      energy_rates: [{ period: null, usd_per_kwh: 0.12 }],
      demand_charges: [{ period: null, usd_per_kw: 15 }],
      export_credit: 'net_metering',
      export_rate_usd_per_kwh: 0.04,
    })
    .returning({ id: tariffs.id });
  return row!.id;
}

describe('GET /api/projects/{id}/estimate with the bill engine', () => {
  it("reproduces DOMAIN.md 1b's closed-form reference case to the cent", async () => {
    const tariffId = await insertReferenceTariff();
    const monthly = Array.from({ length: 12 }, () => 50_000);
    monthly[0] = 74_400;
    monthly[5] = 72_000;
    const id = await createProject({ state: 'California', average_monthly_power_bill_cost: '9000', kilowatt_amounts: [monthly] });
    await t.db.update(projects).set({ meters: [{ ...defaultMeter(0), name: 'Main', tariff_id: tariffId, load_profile: 'constant' }] }).where(eq(projects.id, id));
    const res = await get(`/api/projects/${id}/estimate`, member.auth);
    expect(res.statusCode).toBe(200);
    const meter = res.json().bills.meters[0];
    expect(meter).toMatchObject({ index: 0, name: 'Main', tariff_id: tariffId, tariff_source: 'tariff', load_source: 'profile', load_profile: 'constant' });
    expect(meter.months[5]).toMatchObject({ month: '2025-06', usage_kwh: 72_000, peak_kw_before: 100, before: { fixed_usd: 50, energy_usd: 8640, demand_usd: 1500, total_usd: 10_190 } });
    expect(meter.months[0]).toMatchObject({ month: '2025-01', usage_kwh: 74_400, peak_kw_before: 100, before: { total_usd: 10_478 } });
    expect(res.json().warnings.join(' ')).not.toMatch(/has no tariff/);
    // The admin's view is the same estimate.
    expect((await get(`/api/admin/projects/${id}/estimate`, admin.auth)).json().bills).toEqual(res.json().bills);
  });

  it("still gives DOMAIN.md's worked example exactly without tariffs, and NPV and IRR that agree with its cash flow", async () => {
    const id = await createProject({ state: 'California', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB] });
    const estimate = (await get(`/api/projects/${id}/estimate`, member.auth)).json();
    expect(estimate.system).toEqual({ size_kw_dc: 67.5, annual_production_kwh: 108_000, offset: 0.9 });
    expect(estimate.savings).toMatchObject({ first_year_usd: 19_440, payback_years: 4.86 });
    expect(Math.round(estimate.savings.lifetime_usd)).toBe(563_513);
    expect(estimate.financing.map((row: { monthly_payment_usd: number }) => row.monthly_payment_usd)).toEqual([1794.86, 1436.88, 1274.45]);
    const { investment } = estimate;
    const flows = investment.cash_flow.map((row: { usd: number }) => row.usd);
    expect(investment.cash_flow[0]).toEqual({ year: 0, usd: -141_750 });
    expect(investment.npv_usd).toBeCloseTo(npv(flows, investment.discount_rate), 2);
    expect(Math.abs(npv(flows, investment.irr))).toBeLessThan(0.05);
    expect(estimate.tax_credit).toMatchObject({ rate: 0.3, eligible: true });
    expect(estimate.bills.meters).toHaveLength(2);
  });

  it('reads the project’s dates and prevailing wage flag into the credit', async () => {
    const id = await createProject({ state: 'CA', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB] });
    await t.db.update(projects).set({ construction_start_date: '2026-09-01', expected_in_service_date: '2028-03-01' }).where(eq(projects.id, id));
    const estimate = (await get(`/api/projects/${id}/estimate`, member.auth)).json();
    expect(estimate.tax_credit).toMatchObject({ rate: 0, eligible: false });
    expect(estimate.tax_credit.reason).toMatch(/31 December 2027/);
    expect(estimate.cost).toMatchObject({ itc_rate: 0, itc_usd: 0 });
  });

  it('gives no estimate while a meter lacks a month, naming the meter; 1e12-style values reach no result', async () => {
    const partial: (number | null)[] = [...meterB];
    partial[2] = null;
    partial[3] = null;
    const id = await createProject({ state: 'CA', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB] });
    await t.db.update(projects).set({ kilowatt_amounts: [meterA, partial] }).where(eq(projects.id, id));
    const estimate = (await get(`/api/projects/${id}/estimate`, member.auth)).json();
    expect(estimate.missing[0].field).toBe('kilowatt_amounts');
    expect(estimate.missing[0].message).toMatch(/^Meter 2 has no kWh for March 2025 and April 2025/);
    expect(estimate).toMatchObject({ system: { size_kw_dc: null }, investment: null });
    await t.db.update(projects).set({ kilowatt_amounts: [Array<number>(12).fill(1e12)] }).where(eq(projects.id, id));
    const nonsense = await get(`/api/projects/${id}/estimate`, member.auth);
    expect(nonsense.statusCode).toBe(200);
    expect(nonsense.json()).toMatchObject({ system: { size_kw_dc: null }, savings: { first_year_usd: null }, investment: null });
    expect(nonsense.json().financing.every((row: { monthly_payment_usd: null }) => row.monthly_payment_usd === null)).toBe(true);
  });

  it("uses a meter's interval data, and only its own project's", async () => {
    const id = await createProject({ state: 'CA', average_monthly_power_bill_cost: '2400', kilowatt_amounts: [meterA, meterB] });
    const strangerProject = await createProject({ state: 'CA' });
    const values = new Float32Array(365 * 96).fill(1);
    values[160 * 96 + 40] = 40; // a 15-minute spike on 10 June 2025, 10:00
    const kwh = Buffer.from(values.buffer);
    const insert = (projectId: number) =>
      t.db.insert(meterIntervalImports).values({ project_id: projectId, start_seconds: Date.UTC(2025, 0, 1) / 1000, step_seconds: 900, first_month: '2025-01', last_month: '2025-12', kwh }).returning({ id: meterIntervalImports.id });
    const [own] = await insert(id);
    const [foreign] = await insert(strangerProject);
    await t.db.update(projects).set({ meters: [{ ...defaultMeter(0), interval_import_id: own!.id }, { ...defaultMeter(1), interval_import_id: foreign!.id }] }).where(eq(projects.id, id));
    const estimate = (await get(`/api/projects/${id}/estimate`, member.auth)).json();
    expect(estimate.bills.meters.map((meter: { load_source: string }) => meter.load_source)).toEqual(['interval', 'profile']);
    const june = estimate.bills.meters[0].months[5];
    // June's 6,000 kWh over 2,880 quarters of about 2.08 kWh, one of them 40 times as much.
    expect(june.peak_kw_before).toBeGreaterThan(200);
    expect(estimate.warnings.join(' ')).toMatch(/Meter 2: its interval data is no longer kept/);

    const inputs = await get(`/api/projects/${id}/estimate-inputs`, member.auth);
    expect(inputs.statusCode).toBe(200);
    expect(inputs.json().intervals.map((series: { id: number }) => series.id)).toEqual([own!.id]);
    expect(inputs.json().intervals[0]).toMatchObject({ start: Date.UTC(2025, 0, 1) / 1000, step_seconds: 900 });
    expect(inputs.json().intervals[0].values).toHaveLength(365 * 96);
    expect(inputs.json().intervals[0].values[160 * 96 + 40]).toBe(40);

    // The preview's unsaved meters: a pending import of this project is answered, another project's is not.
    const [pending] = await insert(id);
    const asked = await get(`/api/projects/${id}/estimate-inputs?interval_import_ids=${pending!.id},${foreign!.id}`, member.auth);
    expect(asked.json().intervals.map((series: { id: number }) => series.id).sort()).toEqual([own!.id, pending!.id].sort());
  });
});

describe('GET /api/projects/{id}/estimate-inputs', () => {
  it("answers the assumptions and the meters' tariffs to the owner and admins, 404 to another member", async () => {
    const tariffId = await insertReferenceTariff();
    const id = await createProject({ state: 'CA', kilowatt_amounts: [meterA] });
    await t.db.update(projects).set({ meters: [{ ...defaultMeter(0), tariff_id: tariffId }] }).where(eq(projects.id, id));
    const res = await get(`/api/projects/${id}/estimate-inputs`, member.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().assumptions.discount_rate).toBe(0.08);
    expect(res.json().tariffs).toEqual([
      { id: tariffId, customer_charge_usd: 50, periods: [], energy_rates: [{ period: null, usd_per_kwh: 0.12 }], demand_charges: [{ period: null, usd_per_kw: 15 }], export_credit: 'net_metering', export_rate_usd_per_kwh: 0.04 },
    ]);
    expect(res.json().intervals).toEqual([]);
    expect((await get(`/api/admin/projects/${id}/estimate-inputs`, admin.auth)).json()).toEqual(res.json());
    expect((await get(`/api/projects/${id}/estimate-inputs`, other.auth)).statusCode).toBe(404);
    expect((await get(`/api/admin/projects/${id}/estimate-inputs`, member.auth)).statusCode).toBe(403);
    expect((await get(`/api/projects/${id}/estimate-inputs`, {})).statusCode).toBe(401);
    expect((await get('/api/projects/abc/estimate-inputs', member.auth)).statusCode).toBe(422);
  });

  it('answers a tariff the unsaved meters name (tariff_ids) and refuses a list that is not ids', async () => {
    const picked = await insertReferenceTariff();
    const id = await createProject({ state: 'CA', kilowatt_amounts: [meterA] });
    const res = await get(`/api/projects/${id}/estimate-inputs?tariff_ids=${picked}`, member.auth);
    expect(res.json().tariffs.map((tariff: { id: number }) => tariff.id)).toEqual([picked]);
    for (const bad of ['1,x', '0', '2147483648', Array.from({ length: 51 }, (_, index) => index + 1).join(',')]) {
      const refused = await get(`/api/projects/${id}/estimate-inputs?tariff_ids=${bad}`, member.auth);
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().error.fields).toHaveProperty('tariff_ids');
    }
  });
});
