import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, useMigrationsBefore, useMigrationsWithOneMore } from '../test/migrations.js';
import { dropSchema } from './client.js';

/**
 * Migration 0028 builds mail_outbox_created_idx with a plain CREATE INDEX inside the migrator's
 * transaction, under `SET LOCAL lock_timeout` (docs/decisions/055): a start that finds mail
 * being written fails fast instead of queueing every mail-writing transaction behind it. PGlite
 * runs the same migration for every test file (src/test/pglite-template.global.ts); it has one
 * connection, so no other transaction can hold the table there and this runs on PostgreSQL only.
 */
const migrationsBefore = useMigrationsBefore();
const migrationsWithOneMore = useMigrationsWithOneMore();
const databaseUrl = process.env.DATABASE_URL;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The error's PostgreSQL code, through drizzle's wrapping. */
function codeOf(error: unknown): unknown {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 4 && current; depth++) {
    if (current.code !== undefined) return current.code;
    current = current.cause as typeof current;
  }
  return undefined;
}

describe('migration 0028 (issue 42 item 3)', () => {
  it.skipIf(!databaseUrl)('fails fast on PostgreSQL while a transaction that wrote mail_outbox is open, and builds once it has ended', async () => {
    const schema = `test_migration_0028_${process.pid}`;
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
      await client.connect();
      cleanups.push(() => client.end());
      return client;
    };
    await dropSchema(databaseUrl!, schema);
    cleanups.push(() => dropSchema(databaseUrl!, schema));
    const migrating = await connect();
    await migrating.query(`create schema "${schema}"`);
    await migrate(drizzle({ client: migrating }), { migrationsFolder: migrationsBefore('0028_mail_retention'), migrationsSchema: schema });

    // A request's transaction that queued a mail and has not committed yet.
    const request = await connect();
    await request.query('begin');
    await request.query(`insert into mail_outbox (to_address, subject, text_body) values ('a@example.test', 'Reset', 'x')`);
    const failure = await migrate(drizzle({ client: migrating }), { migrationsFolder, migrationsSchema: schema }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(codeOf(failure)).toBe('55P03'); // lock_not_available
    await request.query('commit');

    // Applied with a migration after it in the same transaction, which sees the default again.
    const withProbe = migrationsWithOneMore(`CREATE TABLE "lock_timeout_seen" AS SELECT current_setting('lock_timeout') AS "value";`);
    await migrate(drizzle({ client: migrating }), { migrationsFolder: withProbe, migrationsSchema: schema });
    const { rows } = await migrating.query(`select indexname from pg_indexes where schemaname = $1 and indexname = 'mail_outbox_created_idx'`, [schema]);
    expect(rows).toHaveLength(1);
    expect((await migrating.query('select value from lock_timeout_seen')).rows).toEqual([{ value: '0' }]);
  });
});
