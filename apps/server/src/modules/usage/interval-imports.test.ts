import { defaultMeter } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterIntervalImports, projects } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  capUnnamedIntervalImports,
  deleteReplacedIntervalImports,
  MAX_UNNAMED_IMPORTS_PER_PROJECT,
  readIntervalSeries,
  saveIntervalImport,
  sweepOrphanIntervalImports,
} from './interval-imports.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

/** A project row of its own owner (written directly: these are storage tests, not API ones). */
async function newProject(): Promise<number> {
  const { user } = await t.signIn({ account_type: 'referral_partner' });
  const [row] = await t.app.ctx.db.insert(projects).values({ user_id: user.id, company_name: 'Interval Co' }).returning({ id: projects.id });
  return row!.id;
}

const save = (projectId: number, values = new Float32Array([1, 2.5, 0])) =>
  saveIntervalImport(t.app.ctx.db, projectId, { start: Date.UTC(2024, 0, 1) / 1000, step_seconds: 3600, values, first_month: '2024-01', last_month: '2024-12' });

/** Names `ids` in the project's meters, as a save would. */
async function name(projectId: number, ids: (number | null)[]): Promise<void> {
  const meters = ids.map((id, index) => ({ ...defaultMeter(index), interval_import_id: id }));
  await t.app.ctx.db.update(projects).set({ meters }).where(eq(projects.id, projectId));
}

const idsOf = async (projectId: number) =>
  (await t.app.ctx.db.select({ id: meterIntervalImports.id }).from(meterIntervalImports).where(eq(meterIntervalImports.project_id, projectId))).map((row) => row.id).sort((a, b) => a - b);

async function age(id: number, days: number): Promise<void> {
  await t.app.ctx.db.update(meterIntervalImports).set({ created_at: new Date(Date.now() - days * DAY) }).where(eq(meterIntervalImports.id, id));
}

describe('interval imports', () => {
  it('store float32 little-endian series that readIntervalSeries answers by id, within a project when asked', async () => {
    const projectId = await newProject();
    const id = await save(projectId, new Float32Array([0.25, 3, 1e6]));
    const [row] = await t.app.ctx.db.select().from(meterIntervalImports).where(eq(meterIntervalImports.id, id));
    expect(row!.kwh.readFloatLE(4)).toBe(3);
    expect(row!.kwh).toHaveLength(12);
    const series = await readIntervalSeries(t.app.ctx.db, [id, 999_999]);
    expect([...series.keys()]).toEqual([id]);
    expect(series.get(id)).toMatchObject({ start: Date.UTC(2024, 0, 1) / 1000, step_seconds: 3600 });
    expect([...series.get(id)!.values]).toEqual([0.25, 3, 1e6]);
    expect((await readIntervalSeries(t.app.ctx.db, [id], projectId)).size).toBe(1);
    expect((await readIntervalSeries(t.app.ctx.db, [id], await newProject())).size).toBe(0);
    expect((await readIntervalSeries(t.app.ctx.db, [])).size).toBe(0);
  });

  it('deleteReplacedIntervalImports deletes the ids given, of that project alone', async () => {
    const projectId = await newProject();
    const otherProject = await newProject();
    const [a, b, c] = [await save(projectId), await save(projectId), await save(projectId)];
    const foreign = await save(otherProject);
    expect(await deleteReplacedIntervalImports(t.app.ctx.db, projectId, [a, c, foreign])).toBe(2);
    expect(await idsOf(projectId)).toEqual([b]);
    expect(await idsOf(otherProject)).toEqual([foreign]);
  });

  it('sweepOrphanIntervalImports deletes rows older than the cutoff that no meter of their project names', async () => {
    const projectId = await newProject();
    const [named, staleOrphan, freshOrphan] = [await save(projectId), await save(projectId), await save(projectId)];
    await name(projectId, [null, named]);
    await age(named, 3);
    await age(staleOrphan, 2);
    // A row another project's meters name still belongs to no meter of its own project.
    const elsewhere = await newProject();
    const borrowed = await save(elsewhere);
    await age(borrowed, 2);
    await name(projectId, [null, named, borrowed]);
    const deleted = await sweepOrphanIntervalImports(t.app.ctx.db, new Date(Date.now() - DAY));
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await idsOf(projectId)).toEqual([named, freshOrphan].sort((x, y) => x - y));
    expect(await idsOf(elsewhere)).toEqual([]);
  });

  it('caps the unnamed imports of a project, oldest first, never touching a named one or those just made', async () => {
    const projectId = await newProject();
    const named = await save(projectId);
    await name(projectId, [named]);
    const made: number[] = [];
    for (let index = 0; index < MAX_UNNAMED_IMPORTS_PER_PROJECT + 3; index += 1) made.push(await save(projectId));
    expect(await capUnnamedIntervalImports(t.app.ctx.db, projectId, made.slice(-1))).toBe(3);
    const left = await idsOf(projectId);
    expect(left).toContain(named);
    expect(left).not.toContain(made[0]);
    expect(left).toContain(made.at(-1));
    expect(left).toHaveLength(MAX_UNNAMED_IMPORTS_PER_PROJECT + 1);
  });
});
