import { defaultMeter } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterIntervalImports, projects } from '../../db/schema/index.js';
import { multipartBody } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { saveIntervalImport } from '../usage/interval-imports.js';
import { espiFeed, monthlyBillingCsv, sceCsv2024 } from '../usage/usage-fixtures.js';

/**
 * POST /api/projects/{id}/usage-imports (and the admin's) after issue 35 items 2 and 3: the
 * answer's calendar months, labels and months found, the project state's clock, interval data
 * kept aside without replacing anything, and the refusals of files that are no usage data.
 */

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

async function createProject(state: string): Promise<number> {
  const [row] = await t.app.ctx.db.insert(projects).values({ user_id: member.user.id, company_name: 'Inland Cold Storage', state }).returning({ id: projects.id });
  return row!.id;
}

const upload = (id: number, data: string | Uint8Array, auth = member.auth, prefix = '/api/projects', contentType = 'application/octet-stream') => {
  const body = multipartBody([{ field: 'file', filename: 'download.csv', contentType, data: Buffer.from(typeof data === 'string' ? Buffer.from(data) : data) }]);
  return t.app.inject({ method: 'POST', url: `${prefix}/${id}/usage-imports`, headers: { ...auth, ...body.headers }, payload: body.payload });
};

const rowsOf = (projectId: number) => t.app.ctx.db.select().from(meterIntervalImports).where(eq(meterIntervalImports.project_id, projectId));

describe('POST /api/projects/{id}/usage-imports (issue 35)', () => {
  it("reads a feed without LocalTimeParameters on the project state's clock: the hour to 2025-01-01T08:00Z is December's in California", async () => {
    const id = await createProject('CA');
    const xml = espiFeed({ from: '2024-12-01T08:00:00Z', hours: 31 * 24, whPerHour: 1000, powerOfTen: 0, usagePointTitle: 'Main service' });
    const res = await upload(id, xml);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.months.at(-1)).toBe('2024-12');
    expect(answer.months[0]).toBe('2024-01');
    expect(answer.meters).toEqual([[...Array(11).fill(null), 744]]);
    expect(answer.meter_labels).toEqual(['Main service']);
    expect(answer.months_found).toEqual([1]);
    expect(answer.interval_imports).toEqual([null]);
    expect(answer.warnings.join(' ')).toMatch(/California \(America\/Los_Angeles\)/);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('keeps the 15-minute series of an SCE file for the 12 months it answers, replacing nothing; the project does not change', async () => {
    const id = await createProject('CA');
    const earlier = await saveIntervalImport(t.app.ctx.db, id, { start: 0, step_seconds: 3600, values: new Float32Array(3), first_month: '2023-01', last_month: '2023-12' });
    await t.app.ctx.db.update(projects).set({ meters: [{ ...defaultMeter(0), interval_import_id: earlier }] }).where(eq(projects.id, id));
    const res = await upload(id, sceCsv2024({ from: '2024-01-01', days: 367, delivered: 0.25, received: 0.05 }));
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ source: 'csv', period_start: '2024-01-01', period_end: '2024-12-31', months_found: [12], meter_labels: ['Meter 1'] });
    expect(answer.meters[0]).toEqual([744, 696, 743, 720, 744, 720, 744, 744, 720, 744, 721, 744]);
    expect(answer.interval_imports).toEqual([{ id: expect.any(Number), step_minutes: 15 }]);
    expect(answer.warnings.join(' ')).toMatch(/energy received from the site/);
    const rows = await rowsOf(id);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([earlier, answer.interval_imports[0].id]);
    const kept = rows.find((row) => row.id === answer.interval_imports[0].id)!;
    expect(kept).toMatchObject({ start_seconds: Date.UTC(2024, 0, 1) / 1000, step_seconds: 900, first_month: '2024-01', last_month: '2024-12' });
    expect(kept.kwh).toHaveLength(366 * 96 * 4);
    expect(kept.kwh.readFloatLE(0)).toBeCloseTo(0.25);
    const [project] = await t.app.ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(project!.kilowatt_amounts).toEqual([]);
    expect(project!.meters).toEqual([{ ...defaultMeter(0), interval_import_id: earlier }]);
  });

  it('answers a 3-month file with months_found [3], keeping no interval series; monthly bills keep none either', async () => {
    const id = await createProject('CA');
    const partial = await upload(id, sceCsv2024({ from: '2024-01-01', days: 91, delivered: 0.25 }));
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ months_found: [3], interval_imports: [null] });
    expect(partial.json().meters[0].filter((kwh: number | null) => kwh === null)).toHaveLength(9);
    const bills = await upload(id, monthlyBillingCsv(), admin.auth, '/api/admin/projects');
    expect(bills.statusCode).toBe(200);
    expect(bills.json()).toMatchObject({ months_found: [12], interval_imports: [null] });
    expect(await rowsOf(id)).toEqual([]);
  });

  it('reads a ZIP holding one file; refuses a zip bomb and a file that is neither text nor ZIP with 422 naming the file', async () => {
    const id = await createProject('CA');
    const zipped = await upload(id, zipSync({ 'SCE_Usage.csv': new TextEncoder().encode(monthlyBillingCsv()) }), member.auth, '/api/projects', 'application/zip');
    expect(zipped.statusCode).toBe(200);
    expect(zipped.json().months_found).toEqual([12]);
    const bomb = zipSync({ 'usage.csv': new Uint8Array(t.app.ctx.config.uploadMaxBytes + 1024 * 1024) }, { level: 9 });
    const refused = await upload(id, bomb, member.auth, '/api/projects', 'application/zip');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.file).toMatch(/once unpacked, more than the upload limit/);
    const png = await upload(id, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), member.auth, '/api/projects', 'image/png');
    expect(png.statusCode).toBe(422);
    expect(png.json().error.fields.file).toMatch(/not text/);
    const gzip = await upload(id, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 0]));
    expect(gzip.statusCode).toBe(422);
    expect(gzip.json().error.fields.file).toMatch(/compressed archive other than ZIP/);
    expect(await rowsOf(id)).toEqual([]);
  });

  it("answers 404 on another member's project and keeps nothing there", async () => {
    const id = await createProject('CA');
    const res = await upload(id, sceCsv2024({ from: '2024-01-01', days: 367, delivered: 0.25 }), other.auth);
    expect(res.statusCode).toBe(404);
    expect(await rowsOf(id)).toEqual([]);
  });
});
