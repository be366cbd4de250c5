import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { sweepOrphanFiles } from './storage-sweep.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;

describe('storage sweep', () => {
  it('deletes unreferenced uploads and temporary files older than the grace, and nothing else', async () => {
    const { auth } = await t.signIn();
    const projectId = (await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'Sweep Co' } } })).json().projectId as number;
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(201);

    const root = path.join(t.app.ctx.config.dataDir, 'storage');
    const old = new Date(Date.now() - 2 * HOUR);
    const age = async (key: string) => utimes(path.join(root, ...key.split('/')), old, old);
    const staleOrphan = `projects/${projectId}/images/${randomUUID()}`;
    const freshOrphan = `projects/${projectId}/files/${randomUUID()}`;
    const foreign = 'exports/report';
    for (const key of [staleOrphan, freshOrphan, foreign]) await t.app.ctx.storage.put(key, Readable.from([PNG_1PX]), 'image/png');
    await age(staleOrphan);
    await age(foreign);
    const dir = path.join(root, 'projects', String(projectId), 'images');
    await mkdir(dir, { recursive: true });
    const stalePartial = path.join(dir, `${randomUUID()}.${randomUUID()}.partial`);
    const freshPartial = path.join(dir, `${randomUUID()}.${randomUUID()}.partial`);
    await writeFile(stalePartial, 'half');
    await writeFile(freshPartial, 'half');
    await utimes(stalePartial, old, old);
    // The referenced upload is old too: its row keeps it whatever its age.
    for await (const object of t.app.ctx.storage.list()) if (![staleOrphan, freshOrphan, foreign].includes(object.key)) await age(object.key);

    const result = await sweepOrphanFiles(t.db, t.app.ctx.storage, { graceMs: HOUR });
    expect(result).toEqual({ orphans: [staleOrphan], temporaryFiles: 1 });
    const left: string[] = [];
    for await (const object of t.app.ctx.storage.list()) left.push(object.key);
    expect(left).toHaveLength(3);
    expect(left).toEqual(expect.arrayContaining([foreign, freshOrphan]));
    expect(existsSync(stalePartial)).toBe(false);
    expect(existsSync(freshPartial)).toBe(true);

    const download = await t.app.inject({ method: 'GET', url: uploaded.json().url, headers: auth });
    expect(download.statusCode).toBe(200);
  });

  it("never deletes a partner's logo or a signature's document, which no stored_files row names (issue 36)", async () => {
    const root = path.join(t.app.ctx.config.dataDir, 'storage');
    const old = new Date(Date.now() - 2 * HOUR);
    const kept = [`logos/${randomUUID()}`, `signatures/${randomUUID()}`, `signatures/1/${randomUUID()}`];
    for (const key of kept) {
      await t.app.ctx.storage.put(key, Readable.from([PNG_1PX]), 'image/png');
      await utimes(path.join(root, ...key.split('/')), old, old);
    }
    const result = await sweepOrphanFiles(t.db, t.app.ctx.storage, { graceMs: HOUR });
    for (const key of kept) expect(result.orphans).not.toContain(key);
    const left: string[] = [];
    for await (const object of t.app.ctx.storage.list()) left.push(object.key);
    expect(left).toEqual(expect.arrayContaining(kept));
  });

  it('reads the grace from ORPHAN_SWEEP_GRACE_SECONDS, an hour by default, and refuses nonsense', () => {
    expect(loadConfig({ DATA_DIR: t.app.ctx.config.dataDir }).orphanSweepGraceMs).toBe(HOUR);
    expect(loadConfig({ DATA_DIR: t.app.ctx.config.dataDir, ORPHAN_SWEEP_GRACE_SECONDS: '5' }).orphanSweepGraceMs).toBe(5_000);
    expect(() => loadConfig({ DATA_DIR: t.app.ctx.config.dataDir, ORPHAN_SWEEP_GRACE_SECONDS: '0' })).toThrow(/ORPHAN_SWEEP_GRACE_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: t.app.ctx.config.dataDir, ORPHAN_SWEEP_GRACE_SECONDS: 'soon' })).toThrow(/ORPHAN_SWEEP_GRACE_SECONDS/);
  });
});
