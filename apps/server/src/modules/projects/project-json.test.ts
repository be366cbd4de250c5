import { defaultMeter } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterIntervalImports, projects, settings } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { memberScope } from './project-access.js';
import { memberProjectPageJson } from './project-json.js';
import { listProjects, toProjectResponse } from './projects.service.js';

/**
 * Decision 063: the JSON text the member's page query writes most of is, byte for byte,
 * JSON.stringify(toProjectResponse(...)) of the same rows, whatever the values: escapes,
 * characters outside ASCII, nulls, microseconds, hand-edited meters, imports and the stall rule.
 * The suite runs on PGlite and, in CI, on PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

/** The page's text, and what JSON.stringify writes of toProjectResponse for the same page. */
async function bothOf(member: { user: Parameters<typeof memberScope>[0] }, page: { page: number; per_page: number }) {
  const { rows, total } = await listProjects(t.app.ctx, memberScope(member.user), page);
  return { written: await memberProjectPageJson(t.app.ctx, member.user.id, page), expected: { json: JSON.stringify(rows.map(toProjectResponse)), total } };
}

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

describe("the member's page as its query writes it (decision 063)", () => {
  it('answers the bytes JSON.stringify writes of toProjectResponse, a project a page and a few together', async () => {
    const { member, ids } = await oddMember();
    // Newest updated first: each project alone on a page, then pages of two and all of them.
    for (const page of [1, 2, 3, 4].map((number) => ({ page: number, per_page: 1 })).concat([{ page: 1, per_page: 2 }, { page: 2, per_page: 2 }, { page: 1, per_page: 25 }])) {
      const { written, expected } = await bothOf(member, page);
      expect(written).toEqual(expected);
    }
    // The projects hold what the test means them to: escapes, microseconds cut, a stall and an import.
    const answers = JSON.parse((await memberProjectPageJson(t.app.ctx, member.user.id, { page: 1, per_page: 25 })).json) as Array<Record<string, unknown>>;
    expect(answers.map((answer) => answer.id).sort()).toEqual([...ids].sort());
    const odd = answers.find((answer) => answer.id === ids[1])!;
    expect(odd).toMatchObject({ company_name: ODD, created_at: '1999-12-31T23:59:59.999Z', stage_entered_at: '2020-02-29T06:30:00.000Z', stalled: true, kilowatt_amounts: [[1200.5, null, 0, 1e21, 1e-7, 0, 123456789.125], [], [5]] });
    const edited = answers.find((answer) => answer.id === ids[2]) as { meters: Array<{ interval: unknown }> };
    expect(edited.meters.map((meter) => meter.interval)).toEqual([{ step_minutes: 15, first_month: '2024-11', last_month: '2025-10' }, null, null, null]);
    expect(answers.find((answer) => answer.id === ids[0])).toMatchObject({ stage_entered_at: null, stalled: false });
  });

  it('follows the stored stall thresholds, and answers a page past the end or of no projects with its total', async () => {
    const { member, ids } = await oddMember();
    const other = await t.signIn();
    await t.db.insert(settings).values({ name: 'stall_thresholds', value: { 'Project Initiation': 14, 'Presentation Ready': 365, 'Financing and Documentation': 30, 'Site Survey and Finalization': 30 } });
    try {
      await t.db.update(projects).set({ stage_entered_at: sql`now() - interval '300 days'` }).where(eq(projects.id, ids[1]!));
      const { written, expected } = await bothOf(member, { page: 1, per_page: 25 });
      expect(written).toEqual(expected);
      expect((JSON.parse(written.json) as Array<{ id: number; stalled: boolean }>).find((answer) => answer.id === ids[1])?.stalled).toBe(false);
    } finally {
      await t.db.delete(settings).where(eq(settings.name, 'stall_thresholds'));
    }
    expect(await memberProjectPageJson(t.app.ctx, member.user.id, { page: 9, per_page: 25 })).toEqual({ json: '[]', total: 3 });
    expect(await memberProjectPageJson(t.app.ctx, other.user.id, { page: 1, per_page: 25 })).toEqual({ json: '[]', total: 0 });
  });

  it('goes out through the route as written, with its headers, and only for the member', async () => {
    const { member, ids } = await oddMember();
    const page = await t.app.inject({ method: 'GET', url: '/api/projects?per_page=2', headers: member.auth });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.headers.link).toContain('rel="next"');
    expect(page.body).toBe((await memberProjectPageJson(t.app.ctx, member.user.id, { page: 1, per_page: 2 })).json);
    const other = await t.signIn();
    expect((await t.app.inject({ method: 'GET', url: '/api/projects', headers: other.auth })).body).toBe('[]');
    // A filtered list is still read by listProjects, and answers the same projects.
    const filtered = await t.app.inject({ method: 'GET', url: '/api/projects?per_page=2&state=TX', headers: member.auth });
    expect(filtered.json().map((project: { id: number }) => project.id)).toEqual([ids[1]]);
  });
});
