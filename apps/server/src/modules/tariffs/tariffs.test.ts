import { defaultMeter, TARIFF_MESSAGES, type Tariff } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tariffInput } from '../../db/factories/tariffs.js';
import { auditEntries, projects, tariffs } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  member = await t.signIn({ account_type: 'sales_partner' });
});
afterAll(async () => t?.close());

const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function create(overrides: Parameters<typeof tariffInput>[0] = {}): Promise<Tariff> {
  const res = await call('POST', '/api/admin/tariffs', { tariff: tariffInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().tariff;
}

/** The 422's field messages for a body with the given changes. */
async function fieldsOf(overrides: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await call('POST', '/api/admin/tariffs', { tariff: { ...tariffInput(), ...overrides } });
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().error.code).toBe('validation_failed');
  return res.json().error.fields;
}

const trailOf = (id: number) => t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'tariff'), eq(auditEntries.entity_id, id))).orderBy(auditEntries.id);

describe('admin tariffs', () => {
  it('creates a tariff (201 with its id), reads it back, lists it and audits the creation', async () => {
    const tariff = await create({ name: 'Created TOU', state: 'NV' });
    expect(tariff).toMatchObject({ id: expect.any(Number), name: 'Created TOU', state: 'NV', example: false, customer_charge_usd: 50, export_credit: 'net_billing' });
    expect(tariff.periods).toHaveLength(2);
    const read = await call('GET', `/api/admin/tariffs/${tariff.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().tariff).toEqual(tariff);
    const list = await call('GET', '/api/admin/tariffs?state=nv');
    expect(list.json().tariffs.map((row: Tariff) => row.id)).toContain(tariff.id);
    const [entry, ...rest] = await trailOf(tariff.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ actor_id: admin.user.id, action: 'tariff_created' });
    expect(entry!.changes).toMatchObject({ name: { before: null, after: 'Created TOU' }, customer_charge_usd: { before: null, after: 50 } });
    // The admin audit trail answers it by entity, as the editor's Activity reads it.
    const audit = await call('GET', `/api/admin/audit?entity_type=tariff&entity_id=${tariff.id}`);
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json()).toEqual([expect.objectContaining({ action: 'tariff_created', entity_type: 'tariff', entity_id: tariff.id, actor_name: 'Avery Admin' })]);
  });

  it('replaces a tariff, auditing only the changed fields, and a PUT of an example clears example', async () => {
    const tariff = await create({ name: 'Before' });
    await t.db.update(tariffs).set({ example: true }).where(eq(tariffs.id, tariff.id));
    const res = await call('PUT', `/api/admin/tariffs/${tariff.id}`, { tariff: tariffInput({ name: 'After', customer_charge_usd: 75 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tariff).toMatchObject({ id: tariff.id, name: 'After', customer_charge_usd: 75, example: false });
    const entries = await trailOf(tariff.id);
    expect(entries.at(-1)).toMatchObject({ action: 'tariff_updated' });
    expect(entries.at(-1)!.changes).toEqual({
      name: { before: 'Before', after: 'After' },
      customer_charge_usd: { before: 50, after: 75 },
      example: { before: true, after: false },
    });
  });

  it('deletes an unused tariff (204, audited) and answers 404 for unknown ids', async () => {
    const tariff = await create();
    expect((await call('DELETE', `/api/admin/tariffs/${tariff.id}`)).statusCode).toBe(204);
    expect((await trailOf(tariff.id)).at(-1)).toMatchObject({ action: 'tariff_deleted', changes: expect.objectContaining({ name: { before: 'Test TOU', after: null } }) });
    for (const [method, payload] of [['GET'], ['PUT', { tariff: tariffInput() }], ['DELETE']] as const) {
      const res = await call(method, `/api/admin/tariffs/${tariff.id}`, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: TARIFF_MESSAGES.notFound });
    }
  });

  it("refuses with 409 to delete a tariff a project's meter names, whatever the meter's position", async () => {
    const tariff = await create();
    const meters = [defaultMeter(0), { ...defaultMeter(1), tariff_id: tariff.id }];
    for (const name of ['One', 'Two']) await t.db.insert(projects).values({ user_id: member.user.id, company_name: name, kilowatt_amounts: [Array(12).fill(100), Array(12).fill(200)], meters });
    const res = await call('DELETE', `/api/admin/tariffs/${tariff.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'conflict', message: TARIFF_MESSAGES.inUse(2) });
    expect((await call('GET', `/api/admin/tariffs/${tariff.id}`)).statusCode).toBe(200);
    // Another tariff (an id that is a prefix of this one's digits included) is not held by those meters.
    const other = await create();
    expect((await call('DELETE', `/api/admin/tariffs/${other.id}`)).statusCode).toBe(204);
  });

  it('answers 422 per field with the schema messages, nested paths included', async () => {
    expect(await fieldsOf({ name: ' ' })).toMatchObject({ name: 'Name is required.' });
    expect(await fieldsOf({ state: 'ZZ' })).toMatchObject({ state: 'State must be a two-letter state code.' });
    expect(await fieldsOf({ customer_charge_usd: -1 })).toMatchObject({ customer_charge_usd: 'Customer charge must be at least 0.' });
    expect(await fieldsOf({ export_credit: 'feed_in' })).toMatchObject({ export_credit: 'Export credit must be one of: net_metering, net_billing.' });
    const period = tariffInput().periods[0]!;
    expect(await fieldsOf({ periods: [period, { ...period, name: 'Late', start_hour: 22, end_hour: 21 }] })).toMatchObject({ 'periods.1.end_hour': expect.stringContaining('The end hour must be after the start hour') });
    expect(await fieldsOf({ periods: [{ ...period, end_hour: 25 }] })).toMatchObject({ 'periods.0.end_hour': 'End hour is 1 to 24.' });
    expect(await fieldsOf({ periods: [{ ...period, months: [0] }] })).toMatchObject({ 'periods.0.months.0': 'Months are 1 to 12.' });
    expect(await fieldsOf({ energy_rates: [{ period: null, usd_per_kwh: 50 }] })).toMatchObject({ 'energy_rates.0.usd_per_kwh': 'Energy rate must be at most 5.' });
  });

  it('names overlapping periods, rates of unknown periods and a missing base rate', async () => {
    const input = tariffInput();
    const overlap = await fieldsOf({ periods: [...input.periods, { name: 'Mid-peak', months: [7], days: 'all', start_hour: 12, end_hour: 18 }] });
    expect(overlap['periods.2']).toBe('Period "Mid-peak" overlaps period "On-peak" in month 7, weekdays, hour 16: each hour belongs to at most one period.');
    const unknown = await fieldsOf({ demand_charges: [{ period: 'Super-peak', usd_per_kw: 5 }] });
    expect(unknown['demand_charges.0.period']).toBe('A demand charge names period "Super-peak", which the tariff does not have.');
    const noBase = await fieldsOf({ energy_rates: [{ period: 'On-peak', usd_per_kwh: 0.3 }] });
    expect(noBase.energy_rates).toBe('Give a base energy rate (period null): it prices the hours in no period.');
  });

  it('answers 403 to members and other company roles and 401 without a token, on reads and writes', async () => {
    const engineer = await t.signIn({ company_role: 'project_engineer' });
    const tariff = await create();
    for (const who of [member, engineer]) {
      for (const [method, url, payload] of [['GET', '/api/admin/tariffs'], ['POST', '/api/admin/tariffs', { tariff: tariffInput() }], ['PUT', `/api/admin/tariffs/${tariff.id}`, { tariff: tariffInput() }], ['DELETE', `/api/admin/tariffs/${tariff.id}`]] as const) {
        expect((await call(method, url, payload, who.auth)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await call('GET', '/api/admin/tariffs', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/tariffs', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/tariffs/${tariff.id}`)).json().tariff.name).toBe('Test TOU');
  });
});

describe('member read', () => {
  it("answers every tariff of the state, ordered by state, utility and name, or all without a state", async () => {
    const made = [await create({ state: 'MA', utility: 'Zeta Electric', name: 'A' }), await create({ state: 'MA', utility: 'Alpha Power', name: 'B' }), await create({ state: 'MA', utility: 'Alpha Power', name: 'A' }), await create({ state: 'CT', name: 'Other state' })];
    const res = await call('GET', '/api/tariffs?state=MA', undefined, member.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tariffs.map((row: Tariff) => row.id)).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    const all: Tariff[] = (await call('GET', '/api/tariffs', undefined, member.auth)).json().tariffs;
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining(made.map((row) => row.id)));
    const keys = all.map((row) => `${row.state}|${row.utility}|${row.name}`);
    expect(keys).toEqual([...keys].sort());
    const bad = await call('GET', '/api/tariffs?state=Narnia', undefined, member.auth);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toEqual({ state: 'state must be a two-letter state code.' });
  });
});
