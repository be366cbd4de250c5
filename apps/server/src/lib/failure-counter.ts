import type { Redis } from 'ioredis';

/**
 * Counts failed attempts (wrong passwords, guessed reset tokens) per key within a window
 * (issue 13 item 3; docs/decisions/011). Only failures are counted, so nobody can block an
 * account by trying it: a caller is refused only for its own recent failures.
 *
 * Each failure restarts the key's window, so a caller that keeps failing stays blocked until
 * it has been quiet for the whole window. A refused attempt is not a failure (it never
 * reaches the password check), so waiting out the window always ends a block.
 */
export interface FailureCounter {
  /** Failures recorded under `key` in its window, and the milliseconds until they expire. */
  get(key: string): Promise<{ count: number; ttlMs: number }>;
  increment(key: string, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}

/** One process's counts (no REDIS_URL). Bounded: the oldest keys go first when full. */
export class MemoryFailureCounter implements FailureCounter {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly maxKeys = 100_000, private readonly now: () => number = Date.now) {}

  get(key: string): Promise<{ count: number; ttlMs: number }> {
    const entry = this.live(key);
    return Promise.resolve(entry ? { count: entry.count, ttlMs: entry.expiresAt - this.now() } : { count: 0, ttlMs: 0 });
  }

  increment(key: string, windowMs: number): Promise<void> {
    const count = (this.live(key)?.count ?? 0) + 1;
    // Re-inserted so that Map order stays "least recently failed first" for eviction.
    this.entries.delete(key);
    this.entries.set(key, { count, expiresAt: this.now() + windowMs });
    if (this.entries.size > this.maxKeys) this.evict();
    return Promise.resolve();
  }

  clear(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  get size(): number {
    return this.entries.size;
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
 * Counts shared by every process through Redis, under `${namespace}:fail:`. While Redis is
 * unreachable the counts degrade to this process's memory instead of stopping (ASVS 16.5.2,
 * 16.5.3: no fail-open for password guessing); each error is logged. Failures counted in memory
 * during an outage still count once Redis is back, until their window ends.
 */
export class RedisFailureCounter implements FailureCounter {
  private readonly fallback = new MemoryFailureCounter();

  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  private key(key: string): string {
    return `${this.namespace}:fail:${key}`;
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

  async increment(key: string, windowMs: number): Promise<void> {
    try {
      await this.redis.multi().incr(this.key(key)).pexpire(this.key(key), windowMs).exec();
    } catch (error) {
      this.onError(error);
      await this.fallback.increment(key, windowMs);
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
