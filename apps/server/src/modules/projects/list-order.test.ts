import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PAGE_JSON } from './project-json.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The newest-first lists read their index in order (issue 19 item 2): with sorting priced out,
 * a plan without a Sort node exists only if an index gives the list's order, whatever the
 * table's size. Before migration 0014 the indexes were DESC NULLS LAST, which ORDER BY ... DESC
 * (NULLS FIRST) cannot use, so every first page sorted all the matching rows.
 */
let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

async function planOf(query: string, params: unknown[] = []): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const explained = (await tx.execute(sql.raw(`explain ${params.reduce<string>((text, value, index) => text.replaceAll(`$${index + 1}`, String(value)), query)}`))) as unknown as { rows: Array<Record<string, string>> };
    return explained.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('newest-first lists use their index for the order', () => {
  it.each([
    ["a member's projects (the prepared page)", MEMBER_PAGE_JSON.text, [1, 25, 0]],
    ['All Projects', 'select p.id from projects p join users u on u.id = p.user_id order by p.updated_at desc, p.id desc limit 25'],
    ["a member's notifications", 'select id from notifications where user_id = 1 order by created_at desc, id desc limit 25'],
    ["an entity's audit entries", "select id from audit_entries where entity_type = 'project' and entity_id = 1 order by created_at desc limit 25"],
  ] as Array<[string, string, unknown[]?]>)('%s', async (_name, query, params = []) => {
    const plan = await planOf(query, params);
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).toMatch(/Index/);
  });
});

describe("a member's page reads only its own rows (issue 19 item 2)", () => {
  it('takes when each project entered its stage from the row, not from the stage history', async () => {
    // A lookup per row in project_stage_changes grew a B-tree level deeper with the data
    // (migration 0015 made it a column).
    expect(await planOf(MEMBER_PAGE_JSON.text, [1, 25, 0])).not.toMatch(/project_stage_changes/);
  });
});
