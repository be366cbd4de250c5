import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryFailureCounter, RedisFailureCounter } from './failure-counter.js';

describe('MemoryFailureCounter (no REDIS_URL)', () => {
  it('counts within the window, restarts it on each failure, forgets after it, and clears', async () => {
    let now = 1_000;
    const counter = new MemoryFailureCounter(100, () => now);
    await counter.increment('a', 1_000);
    now += 600;
    await counter.increment('a', 1_000);
    expect(await counter.get('a')).toEqual({ count: 2, ttlMs: 1_000 });
    now += 999;
    expect((await counter.get('a')).count).toBe(2);
    now += 1;
    expect(await counter.get('a')).toEqual({ count: 0, ttlMs: 0 });
    await counter.increment('b', 1_000);
    await counter.clear('b');
    expect((await counter.get('b')).count).toBe(0);
  });

  it('counts requests (hit) in a fixed window from the first: later hits do not restart it', async () => {
    let now = 0;
    const counter = new MemoryFailureCounter(100, () => now);
    expect(await counter.hit('ip', 1_000)).toEqual({ count: 1, ttlMs: 1_000 });
    now = 600;
    expect(await counter.hit('ip', 1_000)).toEqual({ count: 2, ttlMs: 400 });
    now = 1_000;
    expect(await counter.hit('ip', 1_000)).toEqual({ count: 1, ttlMs: 1_000 });
  });

  it('answers the count a failure brings, so the one that reaches a limit is known', async () => {
    const counter = new MemoryFailureCounter();
    expect(await counter.increment('k', 1_000)).toBe(1);
    expect(await counter.increment('k', 1_000)).toBe(2);
  });

  it('stays bounded: expired keys go first, then the least recently failed', async () => {
    let now = 0;
    const counter = new MemoryFailureCounter(3, () => now);
    await counter.increment('old', 10);
    now = 5;
    await counter.increment('k1', 1_000);
    await counter.increment('k2', 1_000);
    now = 20;
    await counter.increment('k3', 1_000);
    expect(counter.size).toBe(3);
    await counter.increment('k1', 1_000);
    await counter.increment('k4', 1_000);
    expect(counter.size).toBe(3);
    expect((await counter.get('k2')).count).toBe(0);
    expect((await counter.get('k1')).count).toBe(2);
    expect((await counter.get('k4')).count).toBe(1);
  });
});

describe('RedisFailureCounter', () => {
  it("keeps counting in this process's memory while Redis is unreachable (no fail-open), reporting each error", async () => {
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    const errors: unknown[] = [];
    const counter = new RedisFailureCounter(redis, 'test-away:fail:', (error) => errors.push(error));
    await counter.increment('k', 60_000);
    await counter.increment('k', 60_000);
    expect((await counter.get('k')).count).toBe(2);
    await counter.clear('k');
    expect((await counter.get('k')).count).toBe(0);
    expect(errors).toHaveLength(5);
    expect(await counter.hit('ip', 60_000)).toMatchObject({ count: 1 });
    expect(await counter.hit('ip', 60_000)).toMatchObject({ count: 2 });
    expect(errors).toHaveLength(7);
    redis.disconnect();
  });
});

// CI's second pass runs with Redis (REDIS_URL); skipped without it.
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('RedisFailureCounter on Redis', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(() => redis?.disconnect());
  const prefix = `test-${randomBytes(4).toString('hex')}:rl:`;

  it('shares counts between processes; requests in a fixed window, failures answered with their count', async () => {
    const a = new RedisFailureCounter(redis!, prefix, (error) => expect.fail(String(error)));
    const b = new RedisFailureCounter(redis!, prefix, (error) => expect.fail(String(error)));
    expect((await a.hit('ip', 60_000)).count).toBe(1);
    const second = await b.hit('ip', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(60_000);
    expect(await redis!.pttl(`${prefix}ip`)).toBeLessThanOrEqual(60_000);
    expect(await a.increment('fail', 60_000)).toBe(1);
    expect(await b.increment('fail', 60_000)).toBe(2);
    expect((await a.get('fail')).count).toBe(2);
  });
});
