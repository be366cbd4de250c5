import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { knobs } from './env.js';
import { onCleanup } from './cleanup.js';

export interface BenchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database on the admin URL's server, dropped at clean-up. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `sunin_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: knobs.pgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(knobs.pgAdminUrl);
  url.pathname = `/${name}`;
  const drop = onCleanup(`drop database ${name}`, async () => {
    const client = new pg.Client({ connectionString: knobs.pgAdminUrl });
    await client.connect();
    try {
      // WITH (FORCE): PostgreSQL 13+; ends a server connection that is still closing.
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  return { name, url: url.toString(), drop };
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverVersion(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? 'unknown';
  });
}
