import type { Authenticated } from './sessions.service.js';

/** What authentication read for a session: the answer, and when the session was last used. */
export interface CachedSession {
  auth: Authenticated;
  lastUsedAt: number;
}

/** The share of an entry's life after which a request starts reading its session again. */
const REFRESH_AFTER = 0.8;

/**
 * Sessions this process has authenticated, kept for a few seconds (SESSION_CACHE_SECONDS,
 * docs/decisions/028), so a member's requests read their user and session once per few seconds
 * instead of once each: the one round trip before every authenticated route's own query.
 *
 * An entry is dropped at once, in this process and through the bus in every other, when its
 * session ends (`closeSockets`) or its user's row changes (`userChanged`), both in
 * sessions.service.ts. A read that was under way while anything was dropped is not kept, since
 * it may have read the rows from before the change. What the bus cannot carry (a row changed by
 * hand in SQL, or while Redis is away) shows once the entry expires.
 *
 * A session still in use is read again before its entry expires (`claimRefresh`): the request
 * that finds the entry in the last fifth of its life is answered from it and starts one read
 * in the background, which replaces the entry. A member's steady requests then never wait for
 * that read; only a session unused for longer than the cache holds it does. Without it, one
 * request every few seconds of each member's waited for the pool twice (issue 19 item 1: the
 * member list's p99 sat above the lean server's while its rate was 10 % higher).
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: CachedSession; expiresAt: number; refreshAt: number; refreshing: boolean }>();
  private drops = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** Pass it back to `set`: a read that overlapped a drop is refused. */
  get generation(): number {
    return this.drops;
  }

  get(jti: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(jti);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.value;
    this.entries.delete(jti);
    return undefined;
  }

  /**
   * True once for an entry in the last fifth of its life: the caller reads the session again
   * and `set`s it (or drops it). Answered entries stay good until they expire, as before.
   */
  claimRefresh(jti: string, now = Date.now()): boolean {
    const entry = this.entries.get(jti);
    if (!entry || entry.refreshing || now < entry.refreshAt || now >= entry.expiresAt) return false;
    entry.refreshing = true;
    return true;
  }

  set(jti: string, value: CachedSession, generation: number, now = Date.now()): void {
    if (this.ttlMs <= 0 || generation !== this.drops) return;
    if (!this.entries.has(jti) && this.entries.size >= this.maxEntries) {
      // The oldest insertion goes first (a Map keeps insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    // Shared by every request of the session until it expires: nothing may change it in place.
    Object.freeze(value.auth.user);
    Object.freeze(value.auth.claims);
    Object.freeze(value.auth);
    this.entries.set(jti, { value: Object.freeze(value), expiresAt: now + this.ttlMs, refreshAt: now + this.ttlMs * REFRESH_AFTER, refreshing: false });
  }

  dropSessions(jtis: readonly string[]): void {
    this.drops += 1;
    for (const jti of jtis) this.entries.delete(jti);
  }

  /** Every session of these users; `'all'` empties the cache. */
  dropUsers(userIds: readonly number[] | 'all'): void {
    this.drops += 1;
    if (userIds === 'all') {
      this.entries.clear();
      return;
    }
    const ids = new Set(userIds);
    for (const [jti, entry] of this.entries) if (ids.has(entry.value.auth.user.id)) this.entries.delete(jti);
  }

  get size(): number {
    return this.entries.size;
  }
}
