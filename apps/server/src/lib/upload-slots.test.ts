import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startRedis, type PrivateRedis } from '../test/services.js';
import { MemoryUploadSlots, RedisUploadSlots } from './upload-slots.js';

describe('upload slots in one process', () => {
  it('gives at most `limit` slots per user, frees one on release, and ignores a second release', async () => {
    const slots = new MemoryUploadSlots();
    const first = await slots.acquire(1, 2);
    const second = await slots.acquire(1, 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await slots.acquire(1, 2)).toBeNull();
    expect(await slots.acquire(2, 2)).not.toBeNull();
    await first!.release();
    await first!.release();
    expect(slots.count(1)).toBe(1);
    expect(await slots.acquire(1, 2)).not.toBeNull();
    expect(await slots.acquire(1, 2)).toBeNull();
  });
});

const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
if (!hasRedis) console.warn('Redis upload-slot tests skipped: redis-server is not installed (Debian: apt-get install redis-server).');

/** Two RedisUploadSlots on one private Redis are two server processes sharing the counts. */
describe.skipIf(!hasRedis)('upload slots shared through Redis', () => {
  let redis: PrivateRedis;
  const errors: Error[] = [];
  const open: RedisUploadSlots[] = [];
  const slotsOn = (url: string, ttlMs = 60_000) => {
    const slots = new RedisUploadSlots(url, 'slots-test', { ttlMs, onError: (error) => errors.push(error) });
    open.push(slots);
    return slots;
  };
  const connected = async (url: string, ttlMs?: number) => {
    const slots = slotsOn(url, ttlMs);
    await slots.ready;
    return slots;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const slots of open) await slots.close();
    await redis?.destroy();
  });

  it('count one user across processes', async () => {
    const a = await connected(redis.url);
    const b = await connected(redis.url);
    const held = [await a.acquire(7, 3), await b.acquire(7, 3), await a.acquire(7, 3)];
    expect(held.every(Boolean)).toBe(true);
    expect(await b.acquire(7, 3)).toBeNull();
    expect(await a.acquire(8, 3)).not.toBeNull();
    await held[0]!.release();
    await held[0]!.release();
    const next = await b.acquire(7, 3);
    expect(next).not.toBeNull();
    expect(await a.acquire(7, 3)).toBeNull();
    for (const slot of [held[1], held[2], next]) await slot!.release();
    expect(await a.acquire(7, 3)).not.toBeNull();
  });

  it('free the slots of a process that died holding them once their time is up, while a live holder keeps its own', async () => {
    const dead = await connected(redis.url, 1_500);
    const live = await connected(redis.url, 1_500);
    await dead.acquire(9, 2);
    const kept = await live.acquire(9, 2);
    expect(kept).not.toBeNull();
    // The "dead" process stops refreshing: it is gone without releasing anything.
    await dead.close();
    expect(await live.acquire(9, 2)).toBeNull();
    await sleep(2_500);
    // The dead slot expired; the live one was refreshed and still counts.
    const again = await live.acquire(9, 2);
    expect(again).not.toBeNull();
    expect(await live.acquire(9, 2)).toBeNull();
    await kept!.release();
    await again!.release();
  });

  it('count in this process while Redis is away (never unlimited), and in Redis again once it is back', async () => {
    const slots = await connected(redis.url);
    expect(await slots.acquire(10, 1)).not.toBeNull();
    expect(await slots.acquire(10, 1)).toBeNull();
    await redis.stop();
    errors.length = 0;
    const whileAway = await Promise.all([slots.acquire(11, 1), slots.acquire(11, 1)]);
    expect(whileAway.filter(Boolean)).toHaveLength(1);
    expect(errors.length).toBeGreaterThan(0);
    await whileAway.find(Boolean)!.release();
    expect(await slots.acquire(11, 1), 'given back in memory').not.toBeNull();
    await redis.start();
    // A fresh process connects to the restarted Redis (the old keys are gone: nothing is persisted).
    const fresh = await connected(redis.url);
    const first = await fresh.acquire(12, 1);
    expect(first).not.toBeNull();
    expect(await fresh.acquire(12, 1)).toBeNull();
  });
});
