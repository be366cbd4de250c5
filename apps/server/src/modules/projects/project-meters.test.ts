import { defaultMeter, defaultMeterMonths, defaultMeterName, METER_MESSAGES, PROJECT_MESSAGES, TARIFF_MESSAGES, type MeterAnswer } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, meterIntervalImports, projects, tariffs } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { deleteReplacedIntervalImports, sweepOrphanIntervalImports } from '../usage/interval-imports.js';

/** Issue 35 items 1, 2 and 6 on the server: a project's meters, calendar months and credit fields (docs/decisions/039). */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const twelve = (value: number | null) => Array.from({ length: 12 }, () => value);
const NOV_TO_OCT = ['2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10'];
/** A meter as the answer shows one without interval data. */
const answered = (index: number, overrides: Partial<MeterAnswer> = {}) => ({ ...defaultMeter(index), interval: null, ...overrides });

const post = (who: SignedIn, project: object) => t.app.inject({ method: 'POST', url: '/api/projects', headers: who.auth, payload: { project } });
const patch = (who: SignedIn, id: number, project: object) => t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: who.auth, payload: { project } });
const get = (who: SignedIn, id: number) => t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: who.auth });

async function create(who: SignedIn, project: object = {}): Promise<number> {
  const res = await post(who, { company_name: 'Harbor Foods', ...project });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId;
}

async function tariff(name = 'PG&E B-19'): Promise<number> {
  const [row] = await t.db
    .insert(tariffs)
    .values({ name, utility: 'PG&E', state: 'CA', effective_date: '2025-03-01', customer_charge_usd: 100, export_credit: 'net_billing', export_rate_usd_per_kwh: 0.05 })
    .returning({ id: tariffs.id });
  return row!.id;
}

/** An interval import as the usage import leaves it: one year of hourly kWh, named by no meter yet. */
async function intervalImport(projectId: number, createdAt = new Date()): Promise<number> {
  const [row] = await t.db
    .insert(meterIntervalImports)
    .values({ project_id: projectId, start_seconds: Date.UTC(2024, 10, 1) / 1000, step_seconds: 3600, first_month: '2024-11', last_month: '2025-10', kwh: Buffer.alloc(8760 * 4), created_at: createdAt })
    .returning({ id: meterIntervalImports.id });
  return row!.id;
}

const importIds = async (projectId: number) => (await t.db.select({ id: meterIntervalImports.id }).from(meterIntervalImports).where(eq(meterIntervalImports.project_id, projectId))).map((row) => row.id).sort();

describe('a project answer carries its meters and credit fields', () => {
  it('gives a new project one January-December entry per meter of kWh, no dates and both tax-exempt names', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1000), twelve(500)] });
    const res = await get(member, id);
    expect(res.json()).toMatchObject({
      meters: [answered(0), answered(1)],
      construction_start_date: null,
      expected_in_service_date: null,
      itc_prevailing_wage: false,
      tax_exempt: false,
      tax_exempt_owner: false,
    });
    expect(res.json().meters[1].months).toEqual(defaultMeterMonths());
    // Stored as full entries, not only padded in the answer.
    const [row] = await t.db.select({ meters: projects.meters }).from(projects).where(eq(projects.id, id));
    expect(row?.meters).toEqual([defaultMeter(0), defaultMeter(1)]);
    expect((await get(member, await create(member))).json().meters).toEqual([]);
  });

  it('pads an old-shaped row (meters [] beside 2 kWh meters) and cuts entries beyond the kWh, in the detail and the lists', async () => {
    const member = await t.signIn();
    const [old] = await t.db.insert(projects).values({ user_id: member.user.id, kilowatt_amounts: [twelve(1), twelve(2)], meters: [] }).returning({ id: projects.id });
    const warehouse = { ...defaultMeter(1), name: 'Warehouse', load_profile: 'warehouse' as const };
    const [long] = await t.db.insert(projects).values({ user_id: member.user.id, kilowatt_amounts: [twelve(1)], meters: [defaultMeter(0), warehouse] }).returning({ id: projects.id });
    expect((await get(member, old!.id)).json().meters).toEqual([answered(0), answered(1)]);
    expect((await get(member, long!.id)).json().meters).toEqual([answered(0)]);
    // A row edited by hand still answers the contract's shape.
    const broken = [{ name: 7, months: 'all year', load_profile: 'igloo', interval_import_id: 9_999_999_999 }, null] as unknown as typeof warehouse[];
    const [edited] = await t.db.insert(projects).values({ user_id: member.user.id, kilowatt_amounts: [twelve(1), twelve(2)], meters: broken }).returning({ id: projects.id });
    expect((await get(member, edited!.id)).json().meters).toEqual([answered(0), answered(1)]);
    const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: member.auth });
    expect(Object.fromEntries(list.json().map((project: { id: number; meters: unknown[] }) => [project.id, project.meters.length]))).toEqual({ [old!.id]: 2, [long!.id]: 1, [edited!.id]: 2 });
    const adminList = await t.app.inject({ method: 'GET', url: `/api/admin/users/${member.user.id}/projects`, headers: admin.auth });
    expect(adminList.json().find((project: { id: number }) => project.id === old!.id).meters).toEqual([answered(0), answered(1)]);
  });

  it("answers 404 for another member's project, to a read and to a write of its meters", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const id = await create(owner, { kilowatt_amounts: [twelve(1)] });
    expect((await get(other, id)).statusCode).toBe(404);
    const res = await patch(other, id, { meters: [{ ...defaultMeter(0), name: 'Mine now' }] });
    expect(res.statusCode).toBe(404);
    expect((await get(owner, id)).json().meters[0].name).toBe(defaultMeterName(0));
  });
});

describe('writing meters', () => {
  it('keeps names, profiles and calendar months; an empty name gets its default', async () => {
    const member = await t.signIn();
    const meters = [
      { name: '  Main building ', load_profile: 'retail', months: NOV_TO_OCT },
      { name: '', load_profile: 'cold_storage', months: defaultMeterMonths() },
    ];
    const id = await create(member, { kilowatt_amounts: [twelve(1000), twelve(500)], meters });
    expect((await get(member, id)).json().meters).toEqual([
      answered(0, { name: 'Main building', load_profile: 'retail', months: NOV_TO_OCT }),
      answered(1, { name: defaultMeterName(1), load_profile: 'cold_storage' }),
    ]);
  });

  it.each([
    ['more meters than kWh meters', { kilowatt_amounts: [twelve(1)], meters: [defaultMeter(0), defaultMeter(1)] }],
    ['fewer meters than kWh meters', { kilowatt_amounts: [twelve(1), twelve(2)], meters: [defaultMeter(0)] }],
    ['meters without kWh', { meters: [defaultMeter(0)] }],
  ])('refuses %s with 422 on meters and writes nothing', async (_name, project) => {
    const member = await t.signIn();
    const res = await post(member, project);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ meters: METER_MESSAGES.count });
    expect(await t.db.select().from(projects).where(eq(projects.user_id, member.user.id))).toHaveLength(0);
  });

  it('checks the count against the stored kWh when a PATCH sends only meters', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1), twelve(2)] });
    const res = await patch(member, id, { meters: [defaultMeter(0)] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.meters).toBe(METER_MESSAGES.count);
    const ok = await patch(member, id, { meters: [defaultMeter(0), { ...defaultMeter(1), name: 'Warehouse' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().meters[1].name).toBe('Warehouse');
  });

  it('refuses bad months in a meter with the field named', async () => {
    const member = await t.signIn();
    const res = await post(member, { kilowatt_amounts: [twelve(1)], meters: [{ ...defaultMeter(0), months: [...NOV_TO_OCT.slice(0, 11), '2024-11'] }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields['meters.0.months']).toBe(METER_MESSAGES.months);
  });

  it('keeps the entries by position when kWh meters are added or removed without meters', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1), twelve(2)], meters: [{ ...defaultMeter(0), name: 'Main building' }, { ...defaultMeter(1), name: 'Warehouse', months: NOV_TO_OCT }] });
    const three = await patch(member, id, { kilowatt_amounts: [twelve(1), twelve(2), twelve(3)] });
    expect(three.json().meters.map((meter: { name: string }) => meter.name)).toEqual(['Main building', 'Warehouse', defaultMeterName(2)]);
    expect(three.json().meters[1].months).toEqual(NOV_TO_OCT);
    const one = await patch(member, id, { kilowatt_amounts: [twelve(1)] });
    expect(one.json().meters).toEqual([answered(0, { name: 'Main building' })]);
    const [row] = await t.db.select({ meters: projects.meters }).from(projects).where(eq(projects.id, id));
    expect(row?.meters).toHaveLength(1);
  });

  it('refuses a tariff that does not exist, naming the meter, and keeps one that does', async () => {
    const member = await t.signIn();
    const known = await tariff();
    const id = await create(member, { kilowatt_amounts: [twelve(1), twelve(2)] });
    const res = await patch(member, id, { meters: [{ ...defaultMeter(0), tariff_id: known }, { ...defaultMeter(1), tariff_id: known + 1000 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ message: TARIFF_MESSAGES.unknownOnMeter, fields: { 'meters.1.tariff_id': TARIFF_MESSAGES.unknownOnMeter } });
    expect((await get(member, id)).json().meters[0].tariff_id).toBeNull();
    const ok = await patch(member, id, { meters: [{ ...defaultMeter(0), tariff_id: known }, defaultMeter(1)] });
    expect(ok.json().meters[0].tariff_id).toBe(known);
  });

  it("refuses another project's interval import, and an import on a new project", async () => {
    const member = await t.signIn();
    const mine = await create(member, { kilowatt_amounts: [twelve(1)] });
    const theirs = await create(await t.signIn(), { kilowatt_amounts: [twelve(1)] });
    const foreign = await intervalImport(theirs);
    const res = await patch(member, mine, { meters: [{ ...defaultMeter(0), interval_import_id: foreign }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ 'meters.0.interval_import_id': METER_MESSAGES.intervalImport });
    const created = await post(member, { kilowatt_amounts: [twelve(1)], meters: [{ ...defaultMeter(0), interval_import_id: foreign }] });
    expect(created.statusCode).toBe(422);
    expect(await importIds(theirs)).toEqual([foreign]);
  });

  it('answers what an import kept, and deletes the import a new one replaces or a removed meter took along', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1), twelve(2)] });
    const first = await intervalImport(id);
    const named = await patch(member, id, { meters: [{ ...defaultMeter(0), months: NOV_TO_OCT, interval_import_id: first }, defaultMeter(1)] });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().meters[0]).toEqual(answered(0, { months: NOV_TO_OCT, interval_import_id: first, interval: { step_minutes: 60, first_month: '2024-11', last_month: '2025-10' } }));
    expect((await get(member, id)).json().meters[0].interval).toEqual({ step_minutes: 60, first_month: '2024-11', last_month: '2025-10' });

    // A save that does not touch the meters keeps every import, even one not named yet.
    const pending = await intervalImport(id);
    expect((await patch(member, id, { city: 'Fresno' })).statusCode).toBe(200);
    expect(await importIds(id)).toEqual([first, pending].sort());

    // The next import replaces the first.
    const replaced = await patch(member, id, { meters: [{ ...defaultMeter(0), interval_import_id: pending }, defaultMeter(1)] });
    expect(replaced.json().meters[0].interval_import_id).toBe(pending);
    expect(await importIds(id)).toEqual([pending]);

    // The meter goes, and its import with it.
    const second = await intervalImport(id);
    await patch(member, id, { meters: [{ ...defaultMeter(0), interval_import_id: pending }, { ...defaultMeter(1), interval_import_id: second }] });
    const cut = await patch(member, id, { kilowatt_amounts: [twelve(1)] });
    expect(cut.json().meters).toHaveLength(1);
    expect(await importIds(id)).toEqual([pending]);

    // An import an open dialog still holds survives another tab's save of the meters: only a replaced one goes.
    const held = await intervalImport(id);
    const third = await intervalImport(id);
    expect((await patch(member, id, { meters: [{ ...defaultMeter(0), interval_import_id: third }] })).statusCode).toBe(200);
    expect(await importIds(id)).toEqual([held, third].sort());
  });

  it('creates a project on a tariff in one transaction with the check, so a deletion at the same time finds it in use or it finds the tariff gone', async () => {
    const member = await t.signIn();
    const named = await tariff('Create race tariff');
    const [created, deleted] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Race Co', kilowatt_amounts: [twelve(1)], meters: [{ ...defaultMeter(0), tariff_id: named }] } } }),
      t.app.inject({ method: 'DELETE', url: `/api/admin/tariffs/${named}`, headers: admin.auth }),
    ]);
    expect([created.statusCode, deleted.statusCode]).toEqual(created.statusCode === 201 ? [201, 409] : [422, 204]);
    if (created.statusCode === 201) expect((await get(member, created.json().projectId)).json().meters[0].tariff_id).toBe(named);
  });

  it('holds a newly named tariff until the write commits, so its deletion cannot slip between the check and the write', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1)] });
    const named = await tariff('Race tariff');
    const [saved, deleted] = await Promise.all([
      patch(member, id, { meters: [{ ...defaultMeter(0), tariff_id: named }] }),
      t.app.inject({ method: 'DELETE', url: `/api/admin/tariffs/${named}`, headers: admin.auth }),
    ]);
    // Either the save came first (the delete is refused: in use) or the delete did (the save is refused: unknown tariff).
    expect([saved.statusCode, deleted.statusCode].sort()).toEqual(saved.statusCode === 200 ? [200, 409] : [204, 422].sort());
    const stored = (await get(member, id)).json().meters[0].tariff_id as number | null;
    const exists = (await t.app.inject({ method: 'GET', url: `/api/admin/tariffs/${named}`, headers: admin.auth })).statusCode === 200;
    expect(stored === null || exists).toBe(true);
  });

  it('lets an administrator write meters through PUT /admin/projects/:id, under the same rules', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1)] });
    const known = await tariff('SCE TOU-GS-2');
    const put = (project: object) => t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}`, headers: admin.auth, payload: { project } });
    const ok = await put({ meters: [{ name: 'Main building', tariff_id: known, load_profile: 'manufacturing_2_shifts', months: NOV_TO_OCT }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().meters).toEqual([answered(0, { name: 'Main building', tariff_id: known, load_profile: 'manufacturing_2_shifts', months: NOV_TO_OCT })]);
    expect((await put({ meters: [] })).json().error.fields).toEqual({ meters: METER_MESSAGES.count });
    const huge = await put({ kilowatt_amounts: [[50_000_001, ...twelve(1).slice(1)]] });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error.fields['kilowatt_amounts.0.0']).toBe(PROJECT_MESSAGES.kilowattTooLarge);
    const negative = await put({ kilowatt_amounts: [[-5, ...twelve(1).slice(1)]] });
    expect(negative.json().error.fields['kilowatt_amounts.0.0']).toBe(PROJECT_MESSAGES.kilowattValue);
  });

  it('records a change of meters in the audit trail', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1)] });
    await patch(member, id, { meters: [{ ...defaultMeter(0), name: 'Main building' }], construction_start_date: '2026-02-01', itc_prevailing_wage: true });
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, id), eq(auditEntries.entity_type, 'project'), eq(auditEntries.action, 'updated')));
    expect(entry?.changes).toMatchObject({
      meters: { before: [defaultMeter(0)], after: [{ ...defaultMeter(0), name: 'Main building' }] },
      construction_start_date: { before: null, after: '2026-02-01' },
      itc_prevailing_wage: { before: false, after: true },
    });
  });
});

describe('the credit fields', () => {
  it('takes tax_exempt_owner as tax_exempt, and refuses the two saying different things', async () => {
    const member = await t.signIn();
    const id = await create(member, { tax_exempt_owner: true });
    expect((await get(member, id)).json()).toMatchObject({ tax_exempt: true, tax_exempt_owner: true });
    const cleared = await patch(member, id, { tax_exempt: false });
    expect(cleared.json()).toMatchObject({ tax_exempt: false, tax_exempt_owner: false });
    expect((await patch(member, id, { tax_exempt: true, tax_exempt_owner: true })).json().tax_exempt_owner).toBe(true);
    const conflict = await patch(member, id, { tax_exempt: false, tax_exempt_owner: true });
    expect(conflict.statusCode).toBe(422);
    expect(Object.keys(conflict.json().error.fields)).toEqual(['tax_exempt_owner']);
    expect((await get(member, id)).json().tax_exempt).toBe(true);
  });

  it('stores the two dates and prevailing wage, refuses a day that does not exist and clears a date with ""', async () => {
    const member = await t.signIn();
    const id = await create(member, { construction_start_date: '2026-03-15', expected_in_service_date: '2027-06-30', itc_prevailing_wage: true });
    expect((await get(member, id)).json()).toMatchObject({ construction_start_date: '2026-03-15', expected_in_service_date: '2027-06-30', itc_prevailing_wage: true });
    for (const [field, value] of [
      ['construction_start_date', '2025-02-29'],
      ['expected_in_service_date', '2027-13-01'],
      ['construction_start_date', 'next spring'],
    ] as const) {
      const res = await patch(member, id, { [field]: value });
      expect(res.statusCode, `${field} ${value}`).toBe(422);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    const refusedPrevailing = await patch(member, id, { itc_prevailing_wage: 'yes' });
    expect(refusedPrevailing.json().error.fields).toHaveProperty('itc_prevailing_wage');
    const cleared = await patch(member, id, { construction_start_date: '', expected_in_service_date: null });
    expect(cleared.json()).toMatchObject({ construction_start_date: null, expected_in_service_date: null, itc_prevailing_wage: true });
  });
});

describe('interval imports no meter names', () => {
  it('deleteReplacedIntervalImports deletes only the ids given, of that project alone', async () => {
    const member = await t.signIn();
    const id = await create(member);
    const other = await create(member);
    const [a, b, c] = [await intervalImport(id), await intervalImport(id), await intervalImport(other)];
    expect(await deleteReplacedIntervalImports(t.db, id, [a, c])).toBe(1);
    expect(await importIds(id)).toEqual([b]);
    expect(await importIds(other)).toEqual([c]);
    expect(await deleteReplacedIntervalImports(t.db, id, [])).toBe(0);
  });

  it('the sweep deletes an unnamed import older than its cutoff and keeps named and recent ones', async () => {
    const member = await t.signIn();
    const id = await create(member, { kilowatt_amounts: [twelve(1)] });
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const [named, orphan, recent] = [await intervalImport(id, dayAgo), await intervalImport(id, dayAgo), await intervalImport(id)];
    await t.db.update(projects).set({ meters: [{ ...defaultMeter(0), interval_import_id: named }] }).where(eq(projects.id, id));
    await sweepOrphanIntervalImports(t.db, new Date(Date.now() - 24 * 60 * 60 * 1000));
    const left = await importIds(id);
    expect(left).toEqual([named, recent].sort());
    expect(left).not.toContain(orphan);
  });
});
