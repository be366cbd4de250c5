import type { Redis } from 'ioredis';

/**
 * Counts events per key within a window, in Redis shared by every process or in this
 * process's memory (docs/decisions/011, 033).
 *
 * Failures (wrong passwords, guessed reset tokens, wrong two-factor codes; issue 13 item 3):
 * only failures are counted, so nobody can block an account by trying it: a caller is refused
 * only for its own recent failures. Each failure restarts the key's window, so a caller that
 * keeps failing stays blocked until it has been quiet for the whole window. A refused attempt
 * is not a failure (it never reaches the password check), so waiting out the window always
 * ends a block.
 *
 * Requests (`hit`: signups, reset requests, lookups, the login flood guard per address;
 * issue 34 item 4): every request counts, in a fixed window that starts with the key's first.
 */
export interface FailureCounter {
  /** Failures recorded under `key` in its window, and the milliseconds until they expire. */
  get(key: string): Promise<{ count: number; ttlMs: number }>;
  /** Records one failure and restarts the window; answers the count with it. */
  increment(key: string, windowMs: number): Promise<number>;
  clear(key: string): Promise<void>;
  /** Counts one request in the key's fixed window; answers the count with it and the milliseconds left. */
  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** One process's counts (no REDIS_URL). Bounded: the oldest keys go first when full. */
export class MemoryFailureCounter implements FailureCounter {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly maxKeys = 100_000, private readonly now: () => number = Date.now) {}

  get(key: string): Promise<{ count: number; ttlMs: number }> {
    const entry = this.live(key);
    return Promise.resolve(entry ? { count: entry.count, ttlMs: entry.expiresAt - this.now() } : { count: 0, ttlMs: 0 });
  }

  increment(key: string, windowMs: number): Promise<number> {
    return Promise.resolve(this.add(key, this.now() + windowMs).count);
  }

  hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const { count, expiresAt } = this.add(key, this.live(key)?.expiresAt ?? this.now() + windowMs);
    return Promise.resolve({ count, ttlMs: expiresAt - this.now() });
  }

  clear(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  get size(): number {
    return this.entries.size;
  }

  private add(key: string, expiresAt: number): { count: number; expiresAt: number } {
    const entry = { count: (this.live(key)?.count ?? 0) + 1, expiresAt };
    // Re-inserted so that Map order stays "least recently counted first" for eviction.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxKeys) this.evict();
    return entry;
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(key);
    }
  }
}

/**
 * One request in a fixed window: the first sets the expiry. A script, so that no expiry can
 * fall between the increment and the PEXPIRE and leave a count that never ends.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/**
 * Counts shared by every process through Redis, under `prefix` (e.g. `${REDIS_NAMESPACE}:fail:`).
 * While Redis is unreachable the counts degrade to this process's memory instead of stopping
 * (ASVS 16.5.2, 16.5.3: no limit fails open); each error is logged. What was counted in memory
 * during an outage still counts once Redis is back, until its window ends.
 */
export class RedisFailureCounter implements FailureCounter {
  private readonly fallback = new MemoryFailureCounter();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  private key(key: string): string {
    return `${this.prefix}${key}`;
  }

  async get(key: string): Promise<{ count: number; ttlMs: number }> {
    try {
      const result = await this.redis.multi().get(this.key(key)).pttl(this.key(key)).exec();
      const count = Number(result?.[0]?.[1] ?? 0) || 0;
      const ttlMs = Number(result?.[1]?.[1] ?? 0);
      const local = await this.fallback.get(key);
      return { count: count + local.count, ttlMs: Math.max(ttlMs > 0 ? ttlMs : 0, local.ttlMs) };
    } catch (error) {
      this.onError(error);
      return this.fallback.get(key);
    }
  }

  async increment(key: string, windowMs: number): Promise<number> {
    try {
      const result = await this.redis.multi().incr(this.key(key)).pexpire(this.key(key), windowMs).exec();
      const [error, count] = result?.[0] ?? [new Error('no answer from Redis')];
      if (error) throw error;
      return Number(count) + (await this.fallback.get(key)).count;
    } catch (error) {
      this.onError(error);
      return this.fallback.increment(key, windowMs);
    }
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    try {
      const [count, ttlMs] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), windowMs)) as [number, number];
      const local = await this.fallback.get(key);
      return { count: count + local.count, ttlMs: Math.max(ttlMs, local.ttlMs) };
    } catch (error) {
      this.onError(error);
      return this.fallback.hit(key, windowMs);
    }
  }

  async clear(key: string): Promise<void> {
    await this.fallback.clear(key);
    try {
      await this.redis.del(this.key(key));
    } catch (error) {
      this.onError(error);
    }
  }
}
