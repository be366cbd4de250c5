import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';

export type Schema = typeof schema;
/** One type for both drivers: services are written once against PostgreSQL's dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives: the database or the handle of the transaction it runs in. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** Directory whose lock guards the PGlite data (DATA_DIR). */
  lockDir?: string | undefined;
  /** PostgreSQL only: a schema of its own (tests), created if missing and used as search_path. */
  schemaName?: string | undefined;
  onPoolError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle/', import.meta.url));
/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 72_210_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const release = options.pgliteDir && options.lockDir ? acquireDataDirLock(options.lockDir) : () => {};
  try {
    const client = options.pgliteDir ? new PGlite(path.resolve(options.pgliteDir)) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const schemaName = options.schemaName;
  if (schemaName && !/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`Bad schema name ${schemaName}`);
  if (schemaName) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists "${schemaName}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Bounds while PostgreSQL is away (docs/decisions/006): waiting for a connection, and a
    // query whose answer never comes (a half-open socket), both end in a 503, never a hang.
    connectionTimeoutMillis: 5_000,
    query_timeout: 30_000,
    keepAlive: true,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle client's error (the server restarted) must not crash the process; the pool
  // replaces the client and the next request fails cleanly or succeeds.
  pool.on('error', (error) => options.onPoolError?.(error));
  // pg-pool listens for errors only while a client is idle. A checked-out client (inside a
  // transaction, between two queries) that hears PostgreSQL shut down emits 'error' with no
  // listener, which would crash the process: every client gets a listener of its own. The
  // pending query fails (503, plugins/errors.ts) and the pool drops the unqueryable client.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      try {
        await migratePg(drizzlePg({ client }), {
          migrationsFolder,
          ...(schemaName ? { migrationsSchema: schemaName } : {}),
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}

/** Drops a test schema made by `openDatabase({ schemaName })`. */
export async function dropSchema(url: string, schemaName: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schemaName}" cascade`);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's unique_violation, raised by a concurrent insert of the same email or name. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
