import { sql } from 'drizzle-orm';
import { pgTable, integer, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../test/test-app.js';
import { statement, type RunStatement } from './client.js';
import { columnList } from './columns.js';

/**
 * Prepared statements never answer `*` (decision 058): on PostgreSQL a connection keeps a named
 * statement's plan, and a column added by a migration made every `*` statement prepared before
 * it fail with "cached plan must not change result type" (0A000) in a process still running the
 * old code. Run on PGlite and on PostgreSQL (DATABASE_URL).
 */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

describe('columnList', () => {
  const sample = pgTable('sample', { id: integer().primaryKey(), first_name: text(), joined_on: text() });

  it("lists a table's columns in order, under an alias, with a column given another expression under its own name", () => {
    expect(columnList(sample)).toBe('id, first_name, joined_on');
    expect(columnList(sample, 's', { joined_on: 's.joined_on::text' })).toBe('s.id, s.first_name, s.joined_on::text as joined_on');
  });
});

describe('prepared statements after a migration adds a column', () => {
  it('answer the columns this code knows: the project reads and write, both authentications', async () => {
    const seen = new Map<string, Array<Record<string, unknown>>>();
    const original = t.app.ctx.run;
    const recording: RunStatement = async <Row>(query: { name: string; text: string }, values: unknown[]) => {
      const rows = await original<Row>(query, values);
      seen.set(query.name, [...(seen.get(query.name) ?? []), ...(rows as Array<Record<string, unknown>>)]);
      return rows;
    };
    const added = ['projects', 'users', 'notifications'];
    t.app.ctx.run = recording;
    try {
      const owner = await t.signIn({ first_name: 'Noor' });
      const created = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { user_id: owner.user.id, company_name: 'Lakeside Bakery' } } });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      const token = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: owner.auth, payload: { api_token: { name: 'CRM', scopes: ['projects:read'], expires_in_days: 30 } } });
      expect(token.statusCode, token.body).toBe(201);
      // Before the migration: each statement is prepared on its connection (PostgreSQL) with the old columns.
      const requests = async () => {
        const answers = await Promise.all([
          t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: owner.auth }),
          t.app.inject({ method: 'GET', url: '/api/projects', headers: owner.auth }),
          t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { authorization: `Bearer ${token.json().token}` } }),
        ]);
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      };
      await requests();
      for (const table of added) await t.db.execute(sql.raw(`alter table ${table} add column added_later integer not null default 7`));
      seen.clear();
      await requests();
      // A fresh session (its authentication is not cached) and a stage change with its notification.
      const again = await t.signInAs(owner.user);
      expect((await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: again.auth })).statusCode).toBe(200);
      const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}`, headers: admin.auth, payload: { project: { project_stage: 'Project Completion' } } });
      expect(moved.statusCode, moved.body).toBe(200);

      expect([...seen.keys()]).toEqual(expect.arrayContaining(['own_project', 'member_projects_page_json', 'authenticate_api_token', 'authenticate_session', 'project_for_write', 'project_update']));
      for (const [name, rows] of seen) {
        expect(rows.length, name).toBeGreaterThan(0);
        for (const row of rows) expect(Object.keys(row), name).not.toContain('added_later');
      }
      expect(seen.get('project_update')?.[0]).toMatchObject({ written: 1, kind: 'stage_changes', user_id: owner.user.id });
    } finally {
      t.app.ctx.run = original;
      for (const table of added) await t.db.execute(sql.raw(`alter table ${table} drop column if exists added_later`));
    }
  });

  it('`run` prepares a statement anew whose answer changed shape under its plan (0A000 on PostgreSQL)', async () => {
    // A `*` statement on purpose: what an old process's statement meets after a migration.
    const probe = statement('columns_test_probe', 'select * from columns_test_probe');
    await t.db.execute(sql.raw('create table columns_test_probe (a integer)'));
    await t.db.execute(sql.raw('insert into columns_test_probe values (1)'));
    try {
      expect(await t.database.run(probe, [])).toEqual([{ a: 1 }]);
      await t.db.execute(sql.raw('alter table columns_test_probe add column b integer'));
      expect(await t.database.run(probe, [])).toEqual([{ a: 1, b: null }]);
    } finally {
      await t.db.execute(sql.raw('drop table columns_test_probe'));
    }
  });
});
