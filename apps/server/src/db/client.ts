import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema/index.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { rowObjects } from './row-objects.js';
import { skipEmptyRowForArrayRows } from './array-row-fields.js';

export type Schema = typeof schema;
/** One type for both drivers: services are written once against PostgreSQL's dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What a service receives: the database or the handle of the transaction it runs in. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | 'query'>;

/**
 * A hot path's query as plain SQL (issue 19 item 1): no query building and no result mapping
 * per request. The rows come back as the driver gives them (a column's name as key, timestamps
 * as Date, jsonb parsed). On PostgreSQL each connection prepares it once, under its name.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export const statement = (name: string, text: string): Statement => ({ name, text });

/** Runs a Statement with its parameters ($1, $2, ...). */
export type RunStatement = <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;

type RawQuery = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * `run` on the connection of an open Drizzle transaction, for work that must happen inside it
 * (the demo seed is one transaction). Drizzle keeps that connection as its session's client: a
 * pg PoolClient, or PGlite's transaction, each with `query`. The rows come back as from `run`.
 */
export function runWithin(tx: Executor): RunStatement {
  const client = (tx as { session?: { client?: { query?: RawQuery } } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('runWithin needs a transaction of the pg or PGlite driver');
  const query = client.query.bind(client);
  // Not prepared under its name: this is not a hot path, and a transaction's connection is the pool's.
  return async <Row>(statement: Statement, values: unknown[]) => (await query(statement.text, values)).rows as Row[];
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  run: RunStatement;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `task` while holding the cluster-wide advisory lock named `name`, so that one holder
   * at a time runs it across every process on this database (DESIGN.md "Outbox and jobs").
   * `wait: false` gives up at once when another holder has it (`{ acquired: false }`);
   * `wait: true` queues behind it. The task uses the database as usual (the lock sits on a
   * connection of its own on PostgreSQL; PGlite's one connection is never held by it).
   */
  withAdvisoryLock<T>(name: string, task: () => Promise<T>, options?: { wait?: boolean }): Promise<AdvisoryLockResult<T>>;
}

export type AdvisoryLockResult<T> = { acquired: true; value: T } | { acquired: false };
/** The part of a database handle that jobs and the seed need. */
export type ClusterLocks = Pick<DatabaseHandle, 'withAdvisoryLock'>;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** Directory whose lock guards the PGlite data (DATA_DIR). */
  lockDir?: string | undefined;
  /** PostgreSQL only: a schema of its own (tests), created if missing and used as search_path. */
  schemaName?: string | undefined;
  /**
   * PGlite in memory only: a database to start from, as `dumpDataDir` gives it (the test
   * suites start every file's database from one migrated copy; the migrations still run and
   * find nothing to do).
   */
  pgliteTemplate?: Blob | undefined;
  onPoolError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle/', import.meta.url));
/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 72_210_001;
/**
 * Named locks use PostgreSQL's two-key form (namespace, hash of the name), a key space apart
 * from the one-key migration lock: the names stay readable and need no registry of numbers.
 */
const NAMED_LOCK_NAMESPACE = 72_210;
const lockKey = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

/** Connections per process on PostgreSQL. */
const POOL_SIZE = 10;
/**
 * Pooled connections that may hold an advisory lock at once in one process. A job holds its
 * lock's connection while its task takes others from the same pool: with every connection held
 * for a lock (eleven jobs start together), no task got one until the pool's 5 s connection
 * timeout failed them all, and the first requests waited as long (decision 060). Jobs beyond
 * this wait for a holder to finish; a task must not take another lock itself.
 */
const LOCK_HOLDERS = 2;

/**
 * PostgreSQL's "cached plan must not change result type" (0A000 from RevalidateCachedQuery, the
 * routine named whatever the server's message language): a prepared statement's answer changed
 * shape under it. It is raised before the statement runs, so running it again is safe.
 */
export function isCachedPlanChanged(error: unknown): boolean {
  const { code, routine } = (error ?? {}) as { code?: unknown; routine?: unknown };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
}

/** Runs one SQL statement with parameters on one connection (a pooled client or PGlite). */
type LockConnection = { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Named advisory locks over one connection at a time. Session locks are reentrant for the
 * session that holds them, so a process also keeps its own set of held names: two callers in
 * one process (PGlite's single session, or two pooled clients) exclude each other the same way
 * two processes do, and the code path is the same on both databases.
 */
function advisoryLocks(connect: () => Promise<{ connection: LockConnection; release(broken?: Error): void }>, holders = Number.POSITIVE_INFINITY): DatabaseHandle['withAdvisoryLock'] {
  const queues = new Map<string, Promise<unknown>>();
  const holding = pLimit(holders);
  return async function withAdvisoryLock<T>(name: string, task: () => Promise<T>, options: { wait?: boolean } = {}): Promise<AdvisoryLockResult<T>> {
    const wait = options.wait ?? false;
    const ahead = queues.get(name);
    if (ahead && !wait) return { acquired: false };
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const queued = (ahead ?? Promise.resolve()).then(() => mine);
    queues.set(name, queued);
    try {
      await ahead?.catch(() => {});
      // The lock's connection once one of the process's LOCK_HOLDERS is free.
      return await holding(async (): Promise<AdvisoryLockResult<T>> => {
        const { connection, release } = await connect();
        const key = lockKey(name);
        let broken: Error | undefined;
        const onConnection = (sqlText: string) =>
          connection.query(sqlText, [NAMED_LOCK_NAMESPACE, key]).catch((error: unknown) => {
            // A failed lock statement (a timeout, a dropped connection) leaves the connection
            // in doubt: it is discarded, which also drops any session lock it held.
            broken = error instanceof Error ? error : new Error(String(error));
            throw error;
          });
        try {
          const { rows } = await onConnection(wait ? 'select true as ok from pg_advisory_lock($1, $2)' : 'select pg_try_advisory_lock($1, $2) as ok');
          if (!(rows[0] as { ok?: boolean } | undefined)?.ok) return { acquired: false };
          try {
            return { acquired: true, value: await task() };
          } finally {
            await onConnection('select pg_advisory_unlock($1, $2)').catch(() => {});
          }
        } finally {
          release(broken);
        }
      });
    } finally {
      done();
      if (queues.get(name) === queued) queues.delete(name);
    }
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

/**
 * An embedded database (in memory without a folder) with the extensions the migrations create:
 * pg_trgm for the admin searches (migration 0016). Tests that migrate PGlite themselves use it too.
 */
export async function createPglite(dataDir?: string, template?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const client = new PGlite({ ...(dataDir === undefined ? {} : { dataDir }), ...(template ? { loadDataDir: template } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}

/** An in-memory database with every migration applied, dumped for `pgliteTemplate` (the test suites' global setup). */
export async function migratedPgliteDump(): Promise<Blob> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const client = await createPglite();
  try {
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    // Not compressed: PGlite inflated a gzipped copy for every database, half of its start.
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

// Each driver is loaded only when it is the one configured (issue 19 item 7: start-up time).
async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  const release = options.pgliteDir && options.lockDir ? acquireDataDirLock(options.lockDir) : () => {};
  try {
    const client = await createPglite(options.pgliteDir ? path.resolve(options.pgliteDir) : undefined, options.pgliteDir ? undefined : options.pgliteTemplate);
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(drizzlePglite({ client }), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      run: async <Row>(query: Statement, values: unknown[]) => (await client.query<Row>(query.text, values)).rows,
      withAdvisoryLock: advisoryLocks(async () => ({ connection: client, release: () => {} })),
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

/** What pg is asked to run for a statement: its name, text and array rows, the same for every run. */
const queryBases = new WeakMap<Statement, { readonly name: string; readonly text: string; readonly rowMode: 'array' }>();

/**
 * A statement's query for pg: the values are its only own property, the rest comes from one
 * object per statement through the prototype. pg copies every query's own property descriptors
 * before it runs it (utils.normalizeQueryConfig); one instead of four saved a few µs of each
 * project read (issue 42 item 1).
 */
function queryConfig(query: Statement, values: unknown[]): { name: string; text: string; rowMode: 'array'; values: unknown[] } {
  let base = queryBases.get(query);
  if (!base) {
    base = Object.freeze({ name: query.name, text: query.text, rowMode: 'array' as const });
    queryBases.set(query, base);
  }
  const config = Object.create(base) as { name: string; text: string; rowMode: 'array'; values: unknown[] };
  config.values = values;
  return config;
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Array rows (run's and Drizzle's) skip the empty row object pg builds for object rows (issue 42 item 1).
  skipEmptyRowForArrayRows(pg);
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
    max: POOL_SIZE,
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
    run: async <Row>(query: Statement, values: unknown[]) => {
      // A statement whose result type changed under a connection's prepared plan (a migration
      // altered a column it answers: 0A000) is prepared anew: pg-pool discards the connection a
      // query failed on, so the next attempt runs on one that prepares it afresh. Each stale
      // connection fails once; the bound is the pool's size (decision 058).
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await pool.query<unknown[]>(queryConfig(query, values));
          return rowObjects<Row>(query.name, result.fields, result.rows);
        } catch (error) {
          if (attempt > POOL_SIZE || !isCachedPlanChanged(error)) throw error;
        }
      }
    },
    withAdvisoryLock: advisoryLocks(async () => {
      const client = await pool.connect();
      return { connection: client, release: (broken) => client.release(broken) };
    }, LOCK_HOLDERS),
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
  const { default: pg } = await import('pg');
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
