import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, useMigrationsBefore } from '../test/migrations.js';
import { createPglite } from './client.js';

const migrationsBefore = useMigrationsBefore();

let client: PGlite | undefined;
afterEach(async () => client?.close());

describe('migration 0015 (issue 19 item 2)', () => {
  it("gives every project its newest stage change's time, and a project without a history none", async () => {
    client = await createPglite();
    await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore('0015_stage_entered_at') });
    await client.exec(`
      insert into users (id, first_name, last_name, user_name, email, password_digest, account_type)
        overriding system value values (1, 'Hana', 'Partner', 'hana', 'hana@example.test', 'x', 'referral_partner');
      insert into projects (id, user_id, project_stage) overriding system value values (1, 1, 'Presentation Ready'), (2, 1, 'Project Initiation'), (3, 1, 'Project Initiation');
      insert into project_stage_changes (project_id, from_stage, to_stage, changed_at, left_at) values
        (1, null, 'Project Initiation', '2026-01-01T10:00:00Z', '2026-02-01T10:00:00Z'),
        (1, 'Project Initiation', 'Presentation Ready', '2026-02-01T10:00:00Z', null),
        (2, null, 'Project Initiation', '2026-03-05T08:30:00Z', null);`);

    await migrate(drizzle({ client }), { migrationsFolder });
    const { rows } = await client.query<{ id: number; stage_entered_at: Date | null }>('select id, stage_entered_at from projects order by id');
    expect(rows.map((row) => [row.id, row.stage_entered_at?.toISOString() ?? null])).toEqual([
      [1, '2026-02-01T10:00:00.000Z'],
      [2, '2026-03-05T08:30:00.000Z'],
      [3, null],
    ]);
  });
});
