import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { WindowLimiter } from './window-limiter.js';

const MINUTE = 60_000;
const start = Math.floor(Date.now() / MINUTE) * MINUTE;
const hits = (limiter: WindowLimiter, key: string, n: number, now = start) => Array.from({ length: n }, () => limiter.hit(key, now).allowed);

describe('WindowLimiter in one process', () => {
  it('allows exactly max hits per key in a window, then again in the next, with the seconds left', () => {
    const limiter = new WindowLimiter({ max: 3, windowMs: MINUTE, prefix: 'x:' });
    expect(hits(limiter, 'ann', 4)).toEqual([true, true, true, false]);
    expect(limiter.hit('bob', start).allowed).toBe(true);
    expect(limiter.hit('ann', start + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(hits(limiter, 'ann', 4, start + MINUTE)).toEqual([true, true, true, false]);
  });
});

// CI's second pass runs with Redis (REDIS_URL); skipped without it.
const redisUrl = process.env.REDIS_URL;
describe.skipIf(!redisUrl)('WindowLimiter across processes, through Redis', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(() => redis?.disconnect());
  const prefix = `test-${randomBytes(4).toString('hex')}:ul:`;

  it('counts every process\'s hits once they are added up (every 100 ms), and refuses from then on', async () => {
    const a = new WindowLimiter({ max: 10, windowMs: MINUTE, redis, prefix });
    const b = new WindowLimiter({ max: 10, windowMs: MINUTE, redis, prefix });
    expect(hits(a, 'cy', 6)).toEqual(Array(6).fill(true));
    await a.sync(start);
    expect(Number(await redis?.get(`${prefix}cy:${start / MINUTE}`))).toBe(6);
    // b has not heard of a's hits until it adds its own.
    expect(hits(b, 'cy', 4)).toEqual(Array(4).fill(true));
    await b.sync(start);
    expect(b.hit('cy', start).allowed).toBe(false);
    // a learns the shared count with its next addition: at most what b counted meanwhile gets through.
    expect(a.hit('cy', start).allowed).toBe(true);
    await a.sync(start);
    expect(a.hit('cy', start).allowed).toBe(false);
    expect(Number(await redis?.get(`${prefix}cy:${start / MINUTE}`))).toBe(11);
    expect(await redis?.pttl(`${prefix}cy:${start / MINUTE}`)).toBeGreaterThan(MINUTE);
    a.close();
    b.close();
  });

  it('keeps counting in the process while Redis is away', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    away.on('error', () => undefined);
    const errors: Error[] = [];
    const limiter = new WindowLimiter({ max: 3, windowMs: MINUTE, redis: away, prefix, onError: (error) => errors.push(error) });
    expect(hits(limiter, 'dee', 2)).toEqual([true, true]);
    await limiter.sync(start);
    expect(hits(limiter, 'dee', 2)).toEqual([true, false]);
    expect(errors.length).toBeGreaterThan(0);
    limiter.close();
    away.disconnect();
  });
});
