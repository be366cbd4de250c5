import type pg from 'pg';

/**
 * Members straight into the migrated schema (apps/server/src/db/schema/users.ts): referral
 * partners (no subscription needed), verified, with a placeholder password digest (nobody
 * logs in: the bench mints tokens). Returns their ids in order.
 */
export async function insertMembers(client: pg.Client, count: number, prefix: string): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, user_name, email, password_digest, account_type, email_verified_at)
     SELECT 'Bench', 'Member ' || n, $2 || n, $2 || n || '@bench.example', 'not-a-password-digest', 'referral_partner', now()
     FROM generate_series(1, $1::int) AS n
     ORDER BY n
     RETURNING id`,
    [count, prefix],
  );
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  await insertSessions(client, ids);
  return ids;
}

/**
 * One signed-in session per user, keyed by the jti the bench's tokens carry (lib/tokens.ts
 * `benchJti`): the server refuses a token without a live session row (apps/server sessions).
 */
async function insertSessions(client: pg.Client, userIds: number[]): Promise<void> {
  await client.query(
    `INSERT INTO sessions (jti, user_id, expires_at, user_agent, ip)
     SELECT 'bench-' || id, id, now() + interval '2 days', 'bench', '127.0.0.1' FROM unnest($1::int[]) AS id`,
    [userIds],
  );
}

/**
 * A full access administrator with two-factor marked on: production requires it before the
 * admin routes answer (ADMIN_MFA_REQUIRED, decision 010), and the bench mints tokens instead
 * of signing in, so no secret is needed.
 */
export async function insertAdmin(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (first_name, last_name, user_name, email, password_digest, account_type, company_role, email_verified_at, mfa_enabled_at)
     VALUES ('Bench', 'Admin', 'bench-admin', 'bench-admin@bench.example', 'not-a-password-digest', 'referral_partner', 'full_access_admin', now(), now())
     RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('admin insert returned no row');
  await insertSessions(client, [id]);
  return id;
}

/**
 * `perMember` projects for each member, with distinct updated_at so the list order (newest
 * updated_at first) is real work. With `entered`, each has its stage_entered_at (its creation),
 * as the portal writes it when it creates a project: setting it afterwards with an UPDATE of
 * every row leaves every index, the search's GIN index above all, twice its size. Returns,
 * per member, one of its project ids.
 */
export async function insertProjects(client: pg.Client, memberIds: number[], perMember: number, { entered = false } = {}): Promise<Map<number, number>> {
  // The column only when asked for: the write bench seeds an earlier build's schema too, which has none.
  await client.query(
    `INSERT INTO projects (user_id, company_name, industry, address_1, city, state, zip, utility_company, roof_description, kilowatt_amounts, updated_at, created_at${entered ? ', stage_entered_at' : ''})
     SELECT m.id, 'Bench Company ' || m.id || '-' || p, 'Manufacturing', p || ' Main Street', 'Austin', 'TX', '78701', 'Austin Energy',
            'Flat membrane roof, 20,000 sq ft', '[[1200, 1300], [1100, 1250]]'::jsonb,
            now() - (p || ' minutes')::interval, now() - (p || ' minutes')::interval${entered ? ", now() - (p || ' minutes')::interval" : ''}
     FROM unnest($1::int[]) AS m(id), generate_series(1, $2::int) AS p`,
    [memberIds, perMember],
  );
  await client.query('ANALYZE users; ANALYZE projects;');
  const { rows } = await client.query<{ user_id: number; id: number }>('SELECT DISTINCT ON (user_id) user_id, id FROM projects ORDER BY user_id, id');
  return new Map(rows.map((row) => [row.user_id, row.id]));
}
