import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder, useMigrationsBefore } from '../test/migrations.js';
import { createPglite } from './client.js';

const migrationsBefore = useMigrationsBefore();

let client: PGlite | undefined;
afterEach(async () => client?.close());

type Totals = Array<{ user_id: number; project_stage: string; state: string; n: number; deal_value_cents: string }>;
/** board_totals must always equal adding up the projects themselves (rows at 0 stay, so they are left out). */
async function expectTotalsTrue(db: PGlite): Promise<void> {
  const kept = await db.query<Totals[number]>(`select user_id, project_stage, state, n, deal_value_cents::text from board_totals where n <> 0 or deal_value_cents <> 0 order by 1, 2, 3`);
  const counted = await db.query<Totals[number]>(`select user_id, project_stage, state, count(*)::int as n, sum(deal_value_cents)::text as deal_value_cents from projects group by 1, 2, 3 order by 1, 2, 3`);
  expect(kept.rows).toEqual(counted.rows);
}

describe('migration 0019 (issue 37)', () => {
  it('backfills deal values and board totals, then the triggers keep them through every write', async () => {
    client = await createPglite();
    await migrate(drizzle({ client }), { migrationsFolder: migrationsBefore('0019_operator_day') });
    await client.exec(`
      insert into users (id, first_name, last_name, user_name, email, password_digest, account_type) overriding system value values
        (1, 'Hana', 'Partner', 'hana', 'hana@example.test', 'x', 'sales_partner'),
        (2, 'Ivo', 'Partner', 'ivo', 'ivo@example.test', 'x', 'sales_partner');
      insert into projects (id, user_id, project_stage, state) overriding system value values
        (1, 1, 'Presentation Ready', 'TX'), (2, 1, 'Presentation Ready', 'TX'), (3, 2, 'Project Initiation', 'CA');
      insert into deals (project_id, contract_value_cents, net_profit_cents) values (1, 12500000, 2000000);`);
    await migrate(drizzle({ client }), { migrationsFolder });
    await expectTotalsTrue(client);
    const { rows } = await client.query<{ deal_value_cents: string }>('select deal_value_cents::text from projects order by id');
    expect(rows.map((row) => row.deal_value_cents)).toEqual(['12500000', '0', '0']);

    await client.exec(`
      insert into deals (project_id, contract_value_cents, net_profit_cents) values (3, 4000000, 500000);
      update deals set contract_value_cents = 13000000 where project_id = 1;
      update projects set project_stage = 'Project Completion' where id = 1;
      update projects set state = 'OK' where id = 2;
      update projects set user_id = 1 where id = 3;
      insert into projects (id, user_id, project_stage, state) overriding system value values (4, 2, 'Archived', '');`);
    await expectTotalsTrue(client);
    await client.exec(`delete from deals where project_id = 3; delete from projects where id = 1; delete from projects where id = 2;`);
    await expectTotalsTrue(client);
    const total = await client.query<{ sum: string }>('select sum(deal_value_cents)::text as sum from board_totals');
    expect(total.rows[0]?.sum).toBe('0');
  });

  it('gives stages their pipeline rank and sites one key however the address is typed', async () => {
    client = await createPglite();
    await migrate(drizzle({ client }), { migrationsFolder });
    const key = async (address: string, city: string, state: string, zip: string) =>
      (await client!.query<{ key: string }>('select sunin_site_key($1, $2, $3, $4) as key', [address, city, state, zip])).rows[0]?.key;
    const pacific = await key('4100 Industrial Pkwy', 'Austin', 'TX', '78744');
    expect(pacific).not.toBe('');
    expect(await key('4100 industrial parkway, Suite 200', 'AUSTIN', 'tx', '78744-1234')).toBe(pacific);
    expect(await key('4100  Industrial Pkwy. #12', ' Austin ', 'TX', '')).toBe(pacific);
    expect(await key('4100 Industrial Pkwy', 'Round Rock', 'TX', '78744')).not.toBe(pacific);
    expect(await key('4101 Industrial Pkwy', 'Austin', 'TX', '78744')).not.toBe(pacific);
    expect(await key('12 North Main Street', 'Reno', 'NV', '')).toBe(await key('12 N. Main St', 'reno', 'NV', '89501'));
    // Too incomplete to compare: never a match, not even with itself.
    expect(await key('', 'Austin', 'TX', '78744')).toBe('');
    expect(await key('4100 Industrial Pkwy', '', 'TX', '')).toBe('');
    expect(await key('Suite 5', 'Austin', 'TX', '')).toBe('');
    const ranks = await client.query<{ r: number }>(
      `select sunin_stage_rank(s) as r from unnest(array['Project Initiation','Presentation Ready','Financing and Documentation','Site Survey and Finalization','Project Completion','Archived']) s`,
    );
    expect(ranks.rows.map((row) => row.r)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
