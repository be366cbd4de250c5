import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { scheduleClusterJob } from './schedule.js';

/**
 * Jobs once per cluster (DESIGN.md "Outbox and jobs", docs/decisions/008): two apps on one
 * database (two processes with their own pools on PostgreSQL; one shared handle on PGlite).
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const HOUR = 3_600_000;
const failOnError = (error: unknown) => {
  throw error;
};

describe('scheduleClusterJob', () => {
  it('runs a round in one process only: the other skips it while the first holds the lock, and runs once it is free', async () => {
    let release: () => void = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    let runsA = 0;
    let runsB = 0;
    const stopA = scheduleClusterJob(a.database, 'test-job', async () => void (runsA++, await holding), HOUR, failOnError);
    await expect.poll(() => runsA).toBe(1);

    // The stop function waits for the round that started with the schedule: here, skipped.
    await scheduleClusterJob(b.database, 'test-job', async () => void runsB++, HOUR, failOnError)();
    expect(runsB).toBe(0);
    // Another job's lock is another name.
    let otherJob = 0;
    await scheduleClusterJob(b.database, 'another-job', async () => void otherJob++, HOUR, failOnError)();
    expect(otherJob).toBe(1);

    release();
    await stopA();
    await scheduleClusterJob(b.database, 'test-job', async () => void runsB++, HOUR, failOnError)();
    expect(runsB).toBe(1);
  });

  it('runs more jobs at once than the pool has connections, each task querying through the pool (decision 060)', async () => {
    // On PostgreSQL each job holds a pooled connection for its lock: eleven jobs used to take
    // all ten, every task then waited for one until the pool's connection timeout failed it.
    const JOBS = 12;
    const ran: number[] = [];
    const stops = Array.from({ length: JOBS }, (_, n) =>
      scheduleClusterJob(a.database, `crowd-${n}`, async () => void (await a.app.ctx.db.execute(sql`select 1`), ran.push(n)), HOUR, failOnError),
    );
    await Promise.all(stops.map((stop) => stop()));
    expect(ran.sort((x, y) => x - y)).toEqual([...Array(JOBS).keys()]);
  });

  it('frees the lock when a round fails', async () => {
    const errors: unknown[] = [];
    await scheduleClusterJob(a.database, 'failing-job', async () => Promise.reject(new Error('round failed')), HOUR, (error) => errors.push(error))();
    expect(errors).toHaveLength(1);
    let ran = false;
    await scheduleClusterJob(b.database, 'failing-job', async () => void (ran = true), HOUR, failOnError)();
    expect(ran).toBe(true);
  });
});

describe('withAdvisoryLock with wait', () => {
  it('queues a second holder behind the first, across the two apps', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    const first = a.database.withAdvisoryLock('queued', async () => {
      order.push('first in');
      await holding;
      order.push('first out');
    }, { wait: true });
    await expect.poll(() => order.length).toBe(1);
    const second = b.database.withAdvisoryLock('queued', async () => void order.push('second'), { wait: true });
    expect(await a.database.withAdvisoryLock('queued', async () => 'never')).toEqual({ acquired: false });
    release();
    expect(await Promise.all([first, second])).toEqual([{ acquired: true, value: undefined }, { acquired: true, value: undefined }]);
    expect(order).toEqual(['first in', 'first out', 'second']);
  });
});
