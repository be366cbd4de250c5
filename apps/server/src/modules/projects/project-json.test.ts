import { defaultMeter } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterIntervalImports, projects, settings } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { memberScope } from './project-access.js';
import { memberProjectPageJson, ownProjectJson } from './project-json.js';
import { getProject, listProjects, toProjectResponse } from './projects.service.js';

/**
 * Decision 063: the JSON text PostgreSQL writes for the member's two reads is, byte for byte,
 * JSON.stringify(toProjectResponse(...)) of the same rows, whatever the values: escapes,
 * characters outside ASCII, nulls, microseconds, hand-edited meters, imports and the stall rule.
 * The suite runs on PGlite and, in CI, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

/** Every control character JSON escapes, quotes, a backslash, characters outside ASCII and a line separator. */
const ODD = `a"b\\c/d\b\f\n\r\t\u0001\u001f\u007f é 中文 😀 \u2028 </script>`;

async function oddMember() {
  const member = await t.signIn({ first_name: ` ${ODD}`, last_name: 'Ünal ' });
  const userId = member.user.id;
  const [plain] = await t.db.insert(projects).values({ user_id: userId, company_name: 'Plain' }).returning({ id: projects.id });
  const [odd] = await t.db
    .insert(projects)
    .values({
      user_id: userId,
      company_name: ODD,
      industry: 'Manufacturing',
      address_1: '1 "Main" St',
      address_2: '\\',
      city: 'Zürich',
      state: 'TX',
      zip: '78701',
      shade_interference: 'Yes',
      shade_interference_details: ODD,
      type_of_roof: 'Flat Roof',
      age_of_roof: '0-5 Years',
      roof_description: 'line one\nline two',
      power_bill_received_status: 'No',
      average_monthly_power_bill_cost: '$2,400.50',
      kilowatt_amounts: [[1200.5, null, 0, 1e21, 1e-7, -0, 123456789.125], [], [5]],
      project_stage: 'Presentation Ready',
      proposal_url: 'https://example.com/p?a=1&b="2"',
      itc_energy_community: true,
      tax_exempt: true,
      itc_prevailing_wage: true,
      construction_start_date: '2026-03-01',
      expected_in_service_date: '2027-12-31',
      signed_at: new Date('2026-11-02T10:00:00.999Z'),
    })
    .returning({ id: projects.id });
  const [edited] = await t.db.insert(projects).values({ user_id: userId, company_name: 'Hand edited', kilowatt_amounts: [[1], [2], [3], [4]] }).returning({ id: projects.id });
  const importId = (
    await t.db
      .insert(meterIntervalImports)
      .values({ project_id: edited!.id, start_seconds: Date.UTC(2024, 10, 1) / 1000, step_seconds: 900, first_month: '2024-11', last_month: '2025-10', kwh: Buffer.alloc(16) })
      .returning({ id: meterIntervalImports.id })
  )[0]!.id;
  // Stored meters as a hand edit could leave them: too few, wrong types, an import of another project's, a null entry.
  await t.db.execute(
    sql`update ${projects} set meters = ${JSON.stringify([
      { ...defaultMeter(0), name: ODD, interval_import_id: importId },
      { name: '', tariff_id: 'x', load_profile: 'nonsense', months: ['2025-01'], interval_import_id: 2_147_483_648 },
      null,
    ])}::jsonb where id = ${edited!.id}`,
  );
  // Microseconds (which neither answer shows), a stage entered long ago (stalled), one never entered, and an old date.
  await t.db.execute(
    sql`update ${projects} set created_at = '1999-12-31 23:59:59.999999+00', updated_at = now() - interval '1 second' + interval '0.000123 second', stage_entered_at = '2020-02-29 12:00:00.000500+05:30' where id = ${odd!.id}`,
  );
  await t.db.execute(sql`update ${projects} set stage_entered_at = null where id = ${plain!.id}`);
  return { member, ids: [plain!.id, odd!.id, edited!.id] };
}

describe('the project reads as PostgreSQL writes them (decision 063)', () => {
  it('answer the bytes JSON.stringify writes of toProjectResponse, for each project and for pages', async () => {
    const { member, ids } = await oddMember();
    const scope = memberScope(member.user);
    for (const id of ids) {
      const expected = JSON.stringify(toProjectResponse(await getProject(t.app.ctx, scope, id)));
      expect(await ownProjectJson(t.app.ctx, member.user.id, id)).toBe(expected);
    }
    for (const page of [
      { page: 1, per_page: 25 },
      { page: 1, per_page: 2 },
      { page: 2, per_page: 2 },
      { page: 3, per_page: 2 },
    ]) {
      const { rows, total } = await listProjects(t.app.ctx, scope, page);
      expect(await memberProjectPageJson(t.app.ctx, member.user.id, page)).toEqual({ json: JSON.stringify(rows.map(toProjectResponse)), total });
    }
    // The odd project holds what the test means it to: escapes, microseconds cut and a stall.
    const odd = JSON.parse((await ownProjectJson(t.app.ctx, member.user.id, ids[1]!))!);
    expect(odd).toMatchObject({ company_name: ODD, created_at: '1999-12-31T23:59:59.999Z', stage_entered_at: '2020-02-29T06:30:00.000Z', stalled: true, kilowatt_amounts: [[1200.5, null, 0, 1e21, 1e-7, 0, 123456789.125], [], [5]] });
    const edited = JSON.parse((await ownProjectJson(t.app.ctx, member.user.id, ids[2]!))!);
    expect(edited.meters.map((meter: { interval: unknown }) => meter.interval)).toEqual([{ step_minutes: 15, first_month: '2024-11', last_month: '2025-10' }, null, null, null]);
  });

  it('follow the stored stall thresholds, and answer nothing for another member or a missing project', async () => {
    const { member, ids } = await oddMember();
    const other = await t.signIn();
    expect(await ownProjectJson(t.app.ctx, other.user.id, ids[1]!)).toBeNull();
    expect(await ownProjectJson(t.app.ctx, member.user.id, 2_000_000_000)).toBeNull();
    await t.db.insert(settings).values({ name: 'stall_thresholds', value: { 'Project Initiation': 14, 'Presentation Ready': 365, 'Financing and Documentation': 30, 'Site Survey and Finalization': 30 } });
    try {
      await t.db.update(projects).set({ stage_entered_at: sql`now() - interval '300 days'` }).where(eq(projects.id, ids[1]!));
      expect(JSON.parse((await ownProjectJson(t.app.ctx, member.user.id, ids[1]!))!).stalled).toBe(false);
      const { rows } = await listProjects(t.app.ctx, memberScope(member.user), { page: 1, per_page: 25 });
      expect((await memberProjectPageJson(t.app.ctx, member.user.id, { page: 1, per_page: 25 })).json).toBe(JSON.stringify(rows.map(toProjectResponse)));
    } finally {
      await t.db.delete(settings).where(eq(settings.name, 'stall_thresholds'));
    }
    // A page past the end still has its total; a member without projects has none.
    expect(await memberProjectPageJson(t.app.ctx, member.user.id, { page: 9, per_page: 25 })).toEqual({ json: '[]', total: 3 });
    expect(await memberProjectPageJson(t.app.ctx, other.user.id, { page: 1, per_page: 25 })).toEqual({ json: '[]', total: 0 });
  });

  it('go out through the routes as written, with their headers', async () => {
    const { member, ids } = await oddMember();
    const page = await t.app.inject({ method: 'GET', url: '/api/projects?per_page=2', headers: member.auth });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');
    expect(page.body).toBe((await memberProjectPageJson(t.app.ctx, member.user.id, { page: 1, per_page: 2 })).json);
    const one = await t.app.inject({ method: 'GET', url: `/api/projects/${ids[1]}`, headers: member.auth });
    expect(one.body).toBe(await ownProjectJson(t.app.ctx, member.user.id, ids[1]!));
    const other = await t.signIn();
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${ids[1]}`, headers: other.auth })).statusCode).toBe(404);
    // A filtered list is still read by listProjects, and answers the same projects.
    const filtered = await t.app.inject({ method: 'GET', url: '/api/projects?per_page=2&state=TX', headers: member.auth });
    expect(filtered.json().map((project: { id: number }) => project.id)).toEqual([ids[1]]);
  });
});
