import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/factories/users.js';
import { DEMO_ACCOUNTS } from '../demo/demo-accounts.js';
import { formatError } from '../lib/safe-error.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Issue 13 item 9: two instances seeding one empty PostgreSQL together failed with a unique
 * violation whose Drizzle message ("Failed query: ... params: ...") printed the admin's argon2
 * digest. Whatever fails, neither the start-up error (server.ts prints formatError) nor a log
 * line (the pino `err` serializer, used by the error handler) carries query parameters or the
 * failing row.
 */
const lines: string[] = [];
let t: TestApp;
let failure: Error & { params?: unknown[] };
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info' },
    {
      logStream: { write: (line) => void lines.push(line) },
      beforeReady: (app) =>
        app.get('/api/test-failing-insert', async () => {
          throw failure;
        }),
    },
  );
  // The seed's insert of the demo admin, twice: the unique violation of the race, with its digest as a parameter.
  await createUser(t.db, { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password });
  failure = await createUser(t.db, { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }).then(
    () => {
      throw new Error('the duplicate insert succeeded');
    },
    (error: Error) => error,
  );
});
afterAll(async () => t?.close());

describe('errors of failed queries', () => {
  it('carry the digest in their raw form (what used to be printed)', () => {
    expect(`${failure.message}${JSON.stringify(failure.params)}`).toContain('$argon2');
  });

  it('print at start-up without parameters, still naming the failed query and its cause', () => {
    const printed = formatError(failure);
    expect(printed).toContain('Failed query: insert into "users"');
    expect(printed).toMatch(/Caused by: .*duplicate key value violates unique constraint/);
    expect(printed).not.toContain('$argon2');
    expect(printed).not.toContain(DEMO_ACCOUNTS.admin.email);
  });

  it('are logged without parameters or row data, through the app log and the error handler', async () => {
    t.app.log.error({ err: failure }, 'seed failed');
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failing-insert' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('Failed query');
    const log = lines.join('');
    expect(log).toContain('"msg":"seed failed"');
    expect(log).toContain('"msg":"unhandled error"');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(DEMO_ACCOUNTS.admin.email);
    // Still useful: the failed query and the cause's SQLSTATE.
    expect(log).toContain('Failed query: insert into \\"users\\"');
    expect(log).toContain('"code":"23505"');
  });
});

describe('passwords in log lines', () => {
  it("redact the admin's current_password at the top level of a body as well as inside one (issue 34 item 2)", () => {
    const secret = `Admin-Own-Password-${Date.now()}`;
    t.app.log.info({ current_password: secret }, 'body at the top');
    t.app.log.info({ body: { user: { first_name: 'Jo' }, current_password: secret } }, 'body one level down');
    t.app.log.info({ request: { body: { current_password: secret } } }, 'body two levels down');
    t.app.log.info({ body: { user: { current_password: secret } } }, 'member body');
    const log = lines.join('');
    for (const message of ['body at the top', 'body one level down', 'body two levels down', 'member body']) expect(log).toContain(`"msg":"${message}"`);
    expect(log).not.toContain(secret);
  });
});
