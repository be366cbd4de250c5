import type { Authenticated } from './authentication.js';

/** What authentication read for a session: the answer, and when the session was last used. */
export interface CachedSession {
  auth: Authenticated;
  lastUsedAt: number;
}

/** The share of an entry's life after which a request starts reading its session again. */
const REFRESH_AFTER = 0.8;

/** How many drops `set` can look back on. */
const DROP_LOG = 256;

interface Drop {
  jtis?: ReadonlySet<string>;
  users?: ReadonlySet<number> | 'all';
}

/**
 * Sessions this process has authenticated, kept for a few seconds (SESSION_CACHE_SECONDS,
 * docs/decisions/028), so a member's requests read their user and session once per few seconds
 * instead of once each: the one round trip before every authenticated route's own query.
 *
 * An entry is dropped at once, in this process and through the bus in every other, when its
 * session ends (`closeSockets`) or its user's row changes (`userChanged`), both in
 * sessions.service.ts. A read that was under way while its own session or user was dropped is
 * not kept, since it may have read the rows from before the change; a drop of someone else's
 * session does not refuse it (it did once, and a refresh that overlapped another session's end
 * left the old entry in place: the flaky "Before" of issue 34 item 9). What the bus cannot
 * carry (a row changed by hand in SQL, or while Redis is away) shows once the entry expires.
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
  /** Drops so far; a read notes it before it starts and passes it back to `set`. */
  private drops = 0;
  /**
   * What the last DROP_LOG drops took, newest last, so that `set` can tell whether one of them
   * concerned the read it is given. A read older than the log is refused (reads take
   * milliseconds; the log covers hundreds of drops).
   */
  private readonly dropLog: Drop[] = [];

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** Pass it back to `set`: a read that overlapped a drop of its session or user is refused. */
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
    if (this.ttlMs <= 0) return;
    if (this.droppedSince(generation, jti, value.auth.user.id)) {
      // The entry this read would have replaced is no newer than the read: let the next request read.
      this.entries.delete(jti);
      return;
    }
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
    this.logDrop({ jtis: new Set(jtis) });
    for (const jti of jtis) this.entries.delete(jti);
  }

  /** Every session of these users; `'all'` empties the cache. */
  dropUsers(userIds: readonly number[] | 'all'): void {
    if (userIds === 'all') {
      this.logDrop({ users: 'all' });
      this.entries.clear();
      return;
    }
    const ids = new Set(userIds);
    this.logDrop({ users: ids });
    for (const [jti, entry] of this.entries) if (ids.has(entry.value.auth.user.id)) this.entries.delete(jti);
  }

  private logDrop(drop: Drop): void {
    this.drops += 1;
    this.dropLog.push(drop);
    if (this.dropLog.length > DROP_LOG) this.dropLog.shift();
  }

  /** Whether a drop after `generation` took this session or its user (or is no longer in the log). */
  private droppedSince(generation: number, jti: string, userId: number): boolean {
    const since = this.drops - generation;
    if (since <= 0) return false;
    if (since > this.dropLog.length) return true;
    return this.dropLog.slice(-since).some((drop) => drop.users === 'all' || drop.users?.has(userId) === true || drop.jtis?.has(jti) === true);
  }

  get size(): number {
    return this.entries.size;
  }
}
