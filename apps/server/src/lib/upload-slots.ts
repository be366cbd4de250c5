import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Uploads in progress per user (UPLOAD_CONCURRENCY_PER_USER, issue 13): each upload holds a
 * slot from before its body is read until it has answered, whatever the outcome.
 */
export interface UploadSlots {
  readonly kind: 'memory' | 'redis';
  /** A slot for one more upload of `userId`, or null when `limit` are already in progress. */
  acquire(userId: number, limit: number): Promise<UploadSlot | null>;
  close(): Promise<void>;
}

export interface UploadSlot {
  /** Gives the slot back; calling it again does nothing. */
  release(): Promise<void>;
}

/** One process: counts in a map. Used without REDIS_URL, where there is only one process. */
export class MemoryUploadSlots implements UploadSlots {
  readonly kind = 'memory' as const;
  private readonly inFlight = new Map<number, number>();

  async acquire(userId: number, limit: number): Promise<UploadSlot | null> {
    const current = this.inFlight.get(userId) ?? 0;
    if (current >= limit) return null;
    this.inFlight.set(userId, current + 1);
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(userId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(userId, left);
        else this.inFlight.delete(userId);
      },
    };
  }

  /** In-flight count of a user (tests). */
  count(userId: number): number {
    return this.inFlight.get(userId) ?? 0;
  }

  async close(): Promise<void> {
    this.inFlight.clear();
  }
}

/**
 * Takes a slot: drops expired members (a process that died holding slots), then adds ours if
 * fewer than the limit remain. Scores are expiry times in ms, from Redis's own clock so that
 * every process agrees. KEYS[1] the user's set; ARGV: limit, member, ttl ms.
 */
const ACQUIRE = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

/** Pushes a held slot's expiry forward. KEYS[1] the set; ARGV: member, ttl ms. */
const REFRESH = `
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', ms + tonumber(ARGV[2]), ARGV[1]) then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
end
return 1
`;

export interface RedisUploadSlotsOptions {
  /** How long a slot outlives the last sign of its process (a refresh every third of it). */
  ttlMs?: number;
  onError?: (error: Error) => void;
}

/**
 * Several processes: one sorted set per user, `<namespace>:uploads:<userId>`, a member per
 * upload. A held slot is refreshed every ttl/3, so the slots of a process killed mid-upload
 * free themselves within the ttl. While Redis is away each process counts its own uploads in
 * memory, like the rate limits (docs/decisions/033), and each failure is logged.
 */
export class RedisUploadSlots implements UploadSlots {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly ttlMs: number;
  private readonly onError: (error: Error) => void;
  private readonly fallback = new MemoryUploadSlots();
  /** Connected (commands fail at once before: enableOfflineQueue is off). */
  readonly ready: Promise<void>;

  constructor(
    url: string,
    private readonly namespace: string,
    options: RedisUploadSlotsOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 120_000;
    this.onError = options.onError ?? (() => {});
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    this.redis.on('error', (error: Error) => this.onError(error));
    this.ready = new Promise<void>((resolve) => {
      if (this.redis.status === 'ready') resolve();
      else this.redis.once('ready', () => resolve());
    });
  }

  private keyOf(userId: number): string {
    return `${this.namespace}:uploads:${userId}`;
  }

  async acquire(userId: number, limit: number): Promise<UploadSlot | null> {
    const key = this.keyOf(userId);
    const member = randomUUID();
    try {
      const taken = (await this.redis.eval(ACQUIRE, 1, key, String(limit), member, String(this.ttlMs))) as number;
      if (taken !== 1) return null;
    } catch (error) {
      this.onError(error as Error);
      return this.fallback.acquire(userId, limit);
    }
    const refresh = setInterval(() => {
      this.redis.eval(REFRESH, 1, key, member, String(this.ttlMs)).catch((error: unknown) => this.onError(error as Error));
    }, Math.max(1_000, Math.floor(this.ttlMs / 3)));
    refresh.unref();
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(refresh);
        await this.redis.zrem(key, member).catch((error: unknown) => this.onError(error as Error));
      },
    };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createUploadSlots(redisUrl: string | undefined, namespace: string, onError: (error: Error) => void): UploadSlots {
  return redisUrl ? new RedisUploadSlots(redisUrl, namespace, { onError }) : new MemoryUploadSlots();
}
