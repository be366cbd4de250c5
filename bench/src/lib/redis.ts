import { Redis } from 'ioredis';
import { knobs } from './env.js';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * REDIS_URL when set (it must answer), else the default address if a server answers there,
 * else undefined (the server then runs its in-process bus).
 */
export async function resolveRedisUrl(): Promise<string | undefined> {
  const url = knobs.redisUrl ?? DEFAULT_REDIS_URL;
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch (error) {
    if (knobs.redisUrl) throw new Error(`REDIS_URL=${knobs.redisUrl} does not answer: ${(error as Error).message}`, { cause: error });
    return undefined;
  } finally {
    client.disconnect();
  }
}

export async function redisVersion(url: string): Promise<string> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const info = await client.info('server');
    return /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  } finally {
    client.disconnect();
  }
}
