import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.js';
import { SessionCache, type CachedSession } from './session-cache.js';

const session = (userId: number, jti: string): CachedSession => ({
  auth: { user: { id: userId } as UserRow, claims: { sub: String(userId), jti, iat: 0, exp: 0 }, sessionId: userId * 10 },
  lastUsedAt: 0,
});

describe('SessionCache (docs/decisions/028)', () => {
  it('keeps an entry for its time to live, then forgets it', () => {
    const cache = new SessionCache(5_000);
    cache.set('a', session(1, 'a'), cache.generation, 1_000);
    expect(cache.get('a', 5_999)?.auth.sessionId).toBe(10);
    expect(cache.get('a', 6_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('asks for one read again in the last fifth of an entry\'s life, and a new entry starts over', () => {
    const cache = new SessionCache(5_000);
    cache.set('a', session(1, 'a'), cache.generation, 1_000);
    expect(cache.claimRefresh('a', 4_999)).toBe(false);
    expect(cache.claimRefresh('a', 5_000)).toBe(true);
    // One read at a time; the entry still answers meanwhile.
    expect(cache.claimRefresh('a', 5_500)).toBe(false);
    expect(cache.get('a', 5_500)).toBeDefined();
    cache.set('a', session(1, 'a'), cache.generation, 5_600);
    expect(cache.claimRefresh('a', 9_599)).toBe(false);
    expect(cache.claimRefresh('a', 9_600)).toBe(true);
    expect(cache.claimRefresh('b', 9_600)).toBe(false);
    expect(cache.claimRefresh('a', 10_600)).toBe(false);
  });

  it('keeps nothing when SESSION_CACHE_SECONDS is 0', () => {
    const cache = new SessionCache(0);
    cache.set('a', session(1, 'a'), cache.generation);
    expect(cache.get('a')).toBeUndefined();
  });

  it('refuses a read that was under way while its own session or user was dropped, and forgets the entry it would have replaced', () => {
    for (const drop of [(cache: SessionCache) => cache.dropUsers([1]), (cache: SessionCache) => cache.dropSessions(['a']), (cache: SessionCache) => cache.dropUsers('all')]) {
      const cache = new SessionCache(5_000);
      const before = cache.generation;
      drop(cache); // the row changed while the read was in flight
      cache.set('a', session(1, 'a'), before);
      expect(cache.get('a')).toBeUndefined();
      cache.set('a', session(1, 'a'), cache.generation);
      expect(cache.get('a')).toBeDefined();
    }
  });

  it("keeps a read that overlapped only other sessions' and users' drops (issue 34 item 9)", () => {
    const cache = new SessionCache(5_000);
    cache.set('a', session(1, 'a'), cache.generation, 1_000);
    expect(cache.claimRefresh('a', 5_000)).toBe(true);
    const before = cache.generation;
    // Another member's session ends and another user changes while this refresh is in flight.
    cache.dropSessions(['b']);
    cache.dropUsers([2]);
    const fresher = session(1, 'a');
    cache.set('a', fresher, before, 5_100);
    expect(cache.get('a', 5_200)).toBe(fresher);
  });

  it('refuses a read older than the drops it can look back on', () => {
    const cache = new SessionCache(5_000);
    cache.set('a', session(1, 'a'), cache.generation);
    const before = cache.generation;
    for (let i = 0; i < 300; i++) cache.dropSessions([`other-${i}`]);
    cache.set('a', session(1, 'a'), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it("drops ended sessions by jti, a user's every session, or all", () => {
    const cache = new SessionCache(5_000);
    for (const [user, jti] of [
      [1, 'a'],
      [1, 'b'],
      [2, 'c'],
      [3, 'd'],
    ] as const)
      cache.set(jti, session(user, jti), cache.generation);
    cache.dropSessions(['a']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.dropUsers([1, 2]);
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, undefined]);
    expect(cache.get('d')).toBeDefined();
    cache.dropUsers('all');
    expect(cache.size).toBe(0);
  });

  it('holds at most its limit, dropping the oldest first', () => {
    const cache = new SessionCache(5_000, 2);
    for (const jti of ['a', 'b', 'c']) cache.set(jti, session(1, jti), cache.generation);
    expect([cache.get('a'), cache.get('b')?.auth.claims.jti, cache.get('c')?.auth.claims.jti]).toEqual([undefined, 'b', 'c']);
  });

  it('freezes what it shares between requests', () => {
    const cache = new SessionCache(5_000);
    cache.set('a', session(1, 'a'), cache.generation);
    const user = cache.get('a')!.auth.user as { first_name?: string };
    expect(() => {
      user.first_name = 'Changed';
    }).toThrow(TypeError);
  });

  it("every service that writes a user's row tells the cache (userChanged)", () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    // The CLI runs in its own process without the servers' bus: its change shows within SESSION_CACHE_SECONDS.
    // The demo seed writes before the server serves anyone.
    const exempt = new Set(['cli/create-admin.ts', 'db/factories/users.ts', 'demo/demo-share.ts']);
    const writers = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !exempt.has(file.split(path.sep).join('/')))
      .filter((file) => /\.update\(users\)/.test(readFileSync(path.join(src, file), 'utf8')));
    expect(writers.length).toBeGreaterThan(5);
    for (const file of writers) expect(readFileSync(path.join(src, file), 'utf8'), file).toMatch(/userChanged\(/);
  });
});
