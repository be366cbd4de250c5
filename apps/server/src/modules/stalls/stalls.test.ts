import { DAY_MS, DEFAULT_STALL_THRESHOLDS, type ProjectStage } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { backdateStay } from '../../test/stays.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { alertStalledProjects, scheduleStallAlerts } from './stalls.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
let secondAdmin: Awaited<ReturnType<TestApp['signIn']>>;
let member: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ first_name: 'Avery', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' });
  secondAdmin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  member = await t.signIn({ first_name: 'Hana', last_name: 'Partner', account_type: 'referral_partner' });
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createProject(company: string): Promise<number> {
  const res = await call('POST', '/api/projects', member.auth, { project: { company_name: company } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

async function moveTo(id: number, stage: ProjectStage): Promise<void> {
  const res = await call('PUT', `/api/admin/projects/${id}`, admin.auth, { project: { project_stage: stage } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Dates the project's current stay back, as if it began `days` ago. */
async function enteredDaysAgo(id: number, days: number): Promise<void> {
  await backdateStay(t.db, id, new Date(Date.now() - days * DAY_MS));
}

const alertsAbout = (id: number) => t.db.select().from(notifications).where(eq(notifications.project_id, id)).orderBy(notifications.id);
const stallAlertsAbout = async (id: number) => (await alertsAbout(id)).filter((row) => row.title === 'Project stalled');

describe('stall alerts (issue 18 item 3)', () => {
  it('notifies the owner and every full_access_admin once a stay passes its threshold, not before, and once per stay', async () => {
    const stalled = await createProject('Harbor Cold Storage');
    const early = await createProject('Early Bird Bakery');
    await enteredDaysAgo(stalled, 15.1);
    await enteredDaysAgo(early, 14.9);
    const publish = vi.spyOn(t.app.ctx.bus, 'publish');

    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(early)).toEqual([]);
    const alerts = await stallAlertsAbout(stalled);
    expect(alerts.map((row) => row.user_id).sort()).toEqual([admin.user.id, secondAdmin.user.id, member.user.id].sort());
    const owners = alerts.find((row) => row.user_id === member.user.id)!;
    expect(owners.message).toBe('Harbor Cold Storage has been at Project Initiation for 15 days, past the 14-day stall threshold.');
    expect(alerts.find((row) => row.user_id === admin.user.id)!.message).toBe('Harbor Cold Storage (Hana Partner) has been at Project Initiation for 15 days, past the 14-day stall threshold.');
    // Pushed live after the commit, to each of them.
    const pushedTo = publish.mock.calls.flatMap(([message]) =>
      'userId' in message && 'event' in message && message.event.type === 'notification_created' && (message.event.payload as { project_id: number }).project_id === stalled ? [message.userId] : [],
    );
    expect(pushedTo.sort()).toEqual(alerts.map((row) => row.user_id).sort());

    // The project answers `stalled` by the same rule, in its list and on its own.
    expect((await call('GET', `/api/projects/${stalled}`, member.auth)).json().stalled).toBe(true);
    expect((await call('GET', `/api/projects/${early}`, member.auth)).json().stalled).toBe(false);
    const listed = (await call('GET', '/api/admin/projects?q=Harbor%20Cold', admin.auth)).json() as Array<{ id: number; stalled: boolean }>;
    expect(listed.find((row) => row.id === stalled)?.stalled).toBe(true);

    // Once per stay: a later round adds nothing; the other crosses its threshold later and is caught then.
    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(stalled)).toHaveLength(3);
    await enteredDaysAgo(early, 15.01);
    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(early)).toHaveLength(3);
    // Days later, still once each.
    await alertStalledProjects(t.app.ctx, { now: new Date(Date.now() + 5 * DAY_MS) });
    expect(await stallAlertsAbout(stalled)).toHaveLength(3);
    expect(await stallAlertsAbout(early)).toHaveLength(3);
  });

  it('alerts again when a stage change opens a new stay that also stalls, at that stage’s threshold', async () => {
    const id = await createProject('Dockside Logistics');
    await enteredDaysAgo(id, 20);
    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(id)).toHaveLength(3);

    await moveTo(id, 'Presentation Ready');
    expect((await call('GET', `/api/projects/${id}`, member.auth)).json().stalled).toBe(false);
    await enteredDaysAgo(id, 21.5);
    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(id)).toHaveLength(3);
    await enteredDaysAgo(id, 22.2);
    await alertStalledProjects(t.app.ctx);
    const alerts = await stallAlertsAbout(id);
    expect(alerts).toHaveLength(6);
    expect(alerts.at(-1)!.message).toMatch(/at Presentation Ready for 22 days, past the 21-day stall threshold\.$/);
  });

  it('never alerts for Project Completion or Archived, however long the project stays there', async () => {
    const done = await createProject('Finished Foundry');
    const archived = await createProject('Shelved Shipping');
    await moveTo(done, 'Project Completion');
    await moveTo(archived, 'Archived');
    await enteredDaysAgo(done, 400);
    await enteredDaysAgo(archived, 400);
    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(done)).toEqual([]);
    expect(await stallAlertsAbout(archived)).toEqual([]);
    expect((await call('GET', `/api/projects/${archived}`, member.auth)).json().stalled).toBe(false);
  });

  it('works through a backlog in batches, and two rounds at once still alert each stay once', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await createProject(`Backlog ${i}`));
    for (const id of ids) await enteredDaysAgo(id, 40);
    const [first, second] = await Promise.all([alertStalledProjects(t.app.ctx, { batchSize: 2 }), alertStalledProjects(t.app.ctx, { batchSize: 2 })]);
    expect(first + second).toBe(5);
    for (const id of ids) expect(await stallAlertsAbout(id)).toHaveLength(3);
  });

  it('runs as a cluster job at once when scheduled', async () => {
    const id = await createProject('Scheduled Storage');
    await enteredDaysAgo(id, 16);
    const stop = scheduleStallAlerts(t.app.ctx, t.database, 60_000);
    await stop();
    expect(await stallAlertsAbout(id)).toHaveLength(3);
  });
});

describe('/api/admin/stall-settings', () => {
  it('starts at the defaults; a saved threshold is audited and used by `stalled` and by the alerts at once', async () => {
    const start = await call('GET', '/api/admin/stall-settings', admin.auth);
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({ thresholds: DEFAULT_STALL_THRESHOLDS, defaults: DEFAULT_STALL_THRESHOLDS, updated_at: null, updated_by_name: null });

    const id = await createProject('Quick Turn Cabinets');
    await enteredDaysAgo(id, 4);
    await alertStalledProjects(t.app.ctx);
    expect(await stallAlertsAbout(id)).toEqual([]);

    const saved = await call('PUT', '/api/admin/stall-settings', admin.auth, { thresholds: { ...DEFAULT_STALL_THRESHOLDS, 'Project Initiation': 3 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ thresholds: { 'Project Initiation': 3, 'Presentation Ready': 21 }, updated_by_name: 'Avery Admin' });
    expect((await call('GET', `/api/projects/${id}`, member.auth)).json().stalled).toBe(true);
    await alertStalledProjects(t.app.ctx);
    expect((await stallAlertsAbout(id)).map((row) => row.message)).toContain('Quick Turn Cabinets has been at Project Initiation for 4 days, past the 3-day stall threshold.');

    const audit = (await call('GET', '/api/admin/audit?entity_type=setting&entity_id=3', admin.auth)).json();
    expect(audit[0]).toMatchObject({ action: 'stall_thresholds_updated', actor_name: 'Avery Admin', changes: { 'Project Initiation': { before: 14, after: 3 } } });
    await call('PUT', '/api/admin/stall-settings', admin.auth, { thresholds: DEFAULT_STALL_THRESHOLDS });
  });

  it('is for full_access_admins only (401, 403) and refuses a threshold out of range or a missing stage (422)', async () => {
    expect((await call('GET', '/api/admin/stall-settings', {})).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/stall-settings', member.auth)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/stall-settings', member.auth, { thresholds: DEFAULT_STALL_THRESHOLDS })).statusCode).toBe(403);
    const zero = await call('PUT', '/api/admin/stall-settings', admin.auth, { thresholds: { ...DEFAULT_STALL_THRESHOLDS, 'Presentation Ready': 0 } });
    expect(zero.statusCode).toBe(422);
    expect(JSON.stringify(zero.json().error)).toMatch(/Presentation Ready must be at least 1 day/);
    const { 'Site Survey and Finalization': _left, ...partial } = DEFAULT_STALL_THRESHOLDS;
    expect((await call('PUT', '/api/admin/stall-settings', admin.auth, { thresholds: partial })).statusCode).toBe(422);
    expect((await call('PUT', '/api/admin/stall-settings', admin.auth, { thresholds: { ...DEFAULT_STALL_THRESHOLDS, Archived: 5 } })).statusCode).toBe(422);
    expect((await call('GET', '/api/admin/stall-settings', admin.auth)).json().thresholds).toEqual(DEFAULT_STALL_THRESHOLDS);
  });
});
