import type { Redis } from 'ioredis';

/** How often a process adds its counts to the shared ones in Redis. */
export const SYNC_INTERVAL_MS = 100;
/** Keys held before the ended windows are swept out (without Redis nothing else sweeps). */
const SWEEP_AT = 10_000;
/** Keys added up in one script call; a busier interval takes several. */
const KEYS_PER_CALL = 500;
/**
 * Adds each key's count (ARGV[i]) and keeps the key two windows (the last ARGV), answering the
 * totals in KEYS' order: one command for all the keys of an interval, where INCRBY and PEXPIRE
 * per key made two commands a user every 100 ms (200 per addition for 100 busy members: about
 * an eighth of what a project read promoted in the bench; issue 42 item 1). The keys of one call
 * need one Redis node: the portal's Redis is one server (REDIS_URL), not a cluster.
 */
const ADD_SCRIPT = `local totals = {}
for index, key in ipairs(KEYS) do
  totals[index] = redis.call('INCRBY', key, ARGV[index])
  redis.call('PEXPIRE', key, ARGV[#ARGV])
end
return totals`;

/** Hits of one key waiting to be added to Redis. */
interface Sending {
  entry: Entry;
  count: number;
  redisKey: string;
}

interface Entry {
  window: number;
  /** This process's hits not yet added to Redis. */
  pending: number;
  /** The count of the window in Redis (every process's hits) when last heard, or this process's own without Redis. */
  shared: number;
}

export interface WindowHit {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
  /** Hits the window still admits after this one, as far as this process knows (RateLimit-Remaining). */
  remaining: number;
}

/**
 * Hits per key in fixed windows (issue 19 item 1: the per-user request limits of ASVS 2.4.1,
 * checked on every signed-in request). Counting is in memory, so a request pays no round trip;
 * with Redis, each process adds its counts to the window's shared count every 100 ms in one
 * script call (ADD_SCRIPT) and learns the others' from the answer. A request is refused once the shared count
 * as last heard and this process's unsent hits reach the limit. In one process it is exact.
 *
 * Across N processes (issue 34 item 4), per key and window, with `max` the limit:
 * - admitted <= N x max, always: a process always counts its own hits, so none admits more
 *   than max itself; the limit is passed by at most (N - 1) x max. That worst case needs every
 *   process to take its max before hearing of the others (each was idle until a burst).
 * - A process admits past the limit only until its next addition after the limit's hit was
 *   added, so while the processes keep serving the key the excess is at most the hits they
 *   admit in 2 x (SYNC_INTERVAL_MS + one Redis round trip); in steady traffic about what the
 *   other N - 1 admit in one interval.
 * While Redis is away each process still holds its own count: the limit is then per process
 * (N x max in all), never open. lib/window-limiter.test.ts checks both bounds.
 */
export class WindowLimiter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly options: { max: number; windowMs: number; redis?: Redis | undefined; prefix: string; onError?: (error: Error) => void },
  ) {}

  hit(key: string, now = Date.now()): WindowHit {
    const window = Math.floor(now / this.options.windowMs);
    let entry = this.entries.get(key);
    if (!entry || entry.window !== window) {
      if (!entry && this.entries.size >= SWEEP_AT) this.forgetEnded(window);
      entry = { window, pending: 0, shared: 0 };
      this.entries.set(key, entry);
    }
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * this.options.windowMs - now) / 1000));
    if (entry.shared + entry.pending >= this.options.max) return { allowed: false, retryAfterSeconds, remaining: 0 };
    entry.pending++;
    const remaining = Math.max(0, this.options.max - entry.shared - entry.pending);
    if (this.options.redis) this.timer ??= setTimeout(() => void this.sync(), SYNC_INTERVAL_MS).unref();
    else entry.shared += entry.pending--;
    return { allowed: true, retryAfterSeconds, remaining };
  }

  /** Adds this process's pending hits to Redis; forgets the windows that have ended. */
  async sync(now = Date.now()): Promise<void> {
    this.timer = undefined;
    const { redis, windowMs, prefix } = this.options;
    if (!redis) return;
    await this.syncing;
    const current = Math.floor(now / windowMs);
    const sending: Sending[] = [];
    this.forgetEnded(current);
    for (const [key, entry] of this.entries) {
      if (entry.pending > 0) sending.push({ entry, count: entry.pending, redisKey: `${prefix}${key}:${entry.window}` });
    }
    if (sending.length === 0) return;
    const calls: Array<Promise<void>> = [];
    for (let first = 0; first < sending.length; first += KEYS_PER_CALL) calls.push(this.add(redis, sending.slice(first, first + KEYS_PER_CALL), windowMs * 2));
    this.syncing = Promise.all(calls)
      .then(() => undefined)
      .finally(() => {
        this.syncing = undefined;
      });
    await this.syncing;
  }

  /** One script call for these keys; whatever it does not confirm still counts here. */
  private async add(redis: Redis, sending: readonly Sending[], keepMs: number): Promise<void> {
    try {
      const totals = (await redis.eval(ADD_SCRIPT, sending.length, ...sending.map(({ redisKey }) => redisKey), ...sending.map(({ count }) => count), keepMs)) as unknown[];
      sending.forEach(({ entry, count }, index) => {
        entry.pending -= count;
        // Sent, the hits are in the shared total; a total missing from the answer keeps them here.
        const total = Number(totals?.[index]);
        entry.shared = Number.isFinite(total) ? Math.max(entry.shared + count, total) : entry.shared + count;
      });
    } catch (error) {
      // Unsent (or not confirmed), the hits still count here.
      for (const { entry, count } of sending) {
        entry.pending -= count;
        entry.shared += count;
      }
      this.options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private forgetEnded(current: number): void {
    for (const [key, entry] of this.entries) if (entry.window < current && entry.pending === 0) this.entries.delete(key);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
