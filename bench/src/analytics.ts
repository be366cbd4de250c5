/**
 * Analytics query cost (npm run bench:analytics, issue 17 item 4): the real built server on a
 * fresh PostgreSQL database of 1,000 members with 100 projects each (100,000 projects) over the
 * last two years, with their stage history (one to five stages each, a tenth archived, about
 * 310,000 rows), deals on two projects in five with their ledger entries, a proposal ticket on
 * every other project (requested, then attached 1 to 96 hours later) and the sales partners'
 * subscriptions, all inserted with generate_series SQL. Then GET /api/user/analytics (a sales
 * partner's advanced set, rotating over the sales partners) and GET /api/admin/analytics, each
 * over the default 12 months and over 5 years, one request at a time. Target: under 300 ms.
 */
import { PROJECT_STAGES } from '@sunin/contract';
import type pg from 'pg';
import { createBenchDatabase, withClient } from './lib/database.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, note, percentile, printTable } from './lib/report.js';
import { insertAdmin, insertMembers, insertProjects } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const MEMBERS = 1_000;
const PROJECTS_PER_MEMBER = 100;
const WARM_UP = 5;
const RUNS = 30;
const TARGET_MS = 300;

export async function seedAnalytics(client: pg.Client, memberIds: number[]): Promise<void> {
  // Every tenth member an enterprise partner, every third a sales partner, joined over two years.
  await client.query(
    `UPDATE users SET account_type = CASE WHEN id % 10 = 0 THEN 'enterprize_partner' WHEN id % 3 = 0 THEN 'sales_partner' ELSE 'referral_partner' END,
                      created_at = now() - ((id * 37) % 730 || ' days')::interval
     WHERE id = ANY($1::int[])`,
    [memberIds],
  );
  await client.query(`UPDATE projects SET created_at = now() - ((id * 7919) % 730 || ' days')::interval - (id % 1440 || ' minutes')::interval`);
  // One to five stages in order, 3 to 13 days apart (never in the future); then a tenth archived.
  await client.query(
    `INSERT INTO project_stage_changes (project_id, from_stage, to_stage, changed_at)
     SELECT p.id, CASE WHEN s = 1 THEN NULL ELSE ($1::text[])[s - 1] END, ($1::text[])[s],
            least(now(), p.created_at + ((s - 1) * (3 + p.id % 11) || ' days')::interval)
     FROM projects p, generate_series(1, 5) AS s
     WHERE s <= 1 + p.id % 5`,
    [PROJECT_STAGES],
  );
  await client.query(
    `INSERT INTO project_stage_changes (project_id, from_stage, to_stage, changed_at)
     SELECT p.id, ($1::text[])[1 + p.id % 5], 'Archived', least(now(), p.created_at + interval '60 days')
     FROM projects p WHERE p.id % 10 = 7`,
    [PROJECT_STAGES],
  );
  // Each stay ends at the project's next change (what the server's stage-history writer records).
  await client.query(
    `UPDATE project_stage_changes c SET left_at = n.next_at
     FROM (SELECT id, lead(changed_at) OVER (PARTITION BY project_id ORDER BY changed_at, id) AS next_at FROM project_stage_changes) n
     WHERE n.id = c.id AND n.next_at IS NOT NULL`,
  );
  await client.query(
    `UPDATE projects p SET project_stage = CASE WHEN p.id % 10 = 7 THEN 'Archived' ELSE ($1::text[])[1 + p.id % 5] END,
       stage_entered_at = (SELECT max(c.changed_at) FROM project_stage_changes c WHERE c.project_id = p.id)`,
    [PROJECT_STAGES],
  );
  await client.query(
    `INSERT INTO deals (project_id, contract_value_cents, net_profit_cents)
     SELECT id, (50000 + id % 250000) * 100, (10000 + id % 50000) * 100 FROM projects WHERE id % 5 < 2`,
  );
  await client.query(
    `INSERT INTO earning_entries (user_id, project_id, kind, company_name, share_bp, net_profit_cents, amount_cents, status, created_at)
     SELECT p.user_id, p.id, 'deal', p.company_name, 2000, d.net_profit_cents, d.net_profit_cents / 5,
            CASE WHEN p.project_stage = 'Archived' THEN 'void' WHEN p.project_stage = 'Project Completion' THEN (CASE WHEN p.id % 2 = 0 THEN 'paid' ELSE 'approved' END) ELSE 'expected' END,
            least(now(), p.created_at + interval '20 days')
     FROM projects p JOIN deals d ON d.project_id = p.id`,
  );
  await client.query(
    `INSERT INTO proposal_tickets (project_id, status, notification_user_id, company_name)
     SELECT id, 3, user_id, company_name FROM projects WHERE id % 2 = 0`,
  );
  await client.query(
    `INSERT INTO proposal_ticket_histories (proposal_ticket_id, status, event_date, action_taken_by)
     SELECT t.id, h.status, least(now(), p.created_at + interval '1 day' + (CASE WHEN h.status = 3 THEN (1 + t.id % 96) ELSE 0 END || ' hours')::interval), 'bench'
     FROM proposal_tickets t JOIN projects p ON p.id = t.project_id, (VALUES (1), (3)) AS h(status)`,
  );
  // Each request's 48-hour clock (issue 18): started at the request, stopped by the attachment.
  await client.query(
    `INSERT INTO proposal_clocks (proposal_ticket_id, requested_at, started_at, due_at, stopped_at, delivered_at)
     SELECT r.proposal_ticket_id, r.event_date, r.event_date, r.event_date + interval '48 hours', d.event_date, d.event_date
     FROM proposal_ticket_histories r JOIN proposal_ticket_histories d ON d.proposal_ticket_id = r.proposal_ticket_id AND d.status = 3
     WHERE r.status = 1`,
  );
  await client.query(
    `INSERT INTO billing_subscriptions (id, user_id, provider, customer_id, provider_status, plan, last_event_at, last_event_rank)
     SELECT 'sub_bench_' || id, id, 'local', 'cus_bench_' || id, CASE WHEN id % 7 = 0 THEN 'canceled' ELSE 'active' END,
            CASE WHEN id % 2 = 0 THEN 'monthly' ELSE 'yearly' END, now(), 1
     FROM users WHERE account_type = 'sales_partner'`,
  );
  // The seed's bulk updates leave two dead versions of every project and stage change, which a
  // live table (autovacuum reusing the space row by row) would not carry: compact them first.
  await client.query('VACUUM FULL ANALYZE projects, project_stage_changes, users');
  await client.query('VACUUM ANALYZE');
}

async function time(baseUrl: string, path: () => { url: string; authorization: string }): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const { url, authorization } = path();
    const started = performance.now();
    const res = await fetch(`${baseUrl}${url}`, { headers: { authorization } });
    const body = await res.text();
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
    if (run >= WARM_UP) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

export async function runAnalyticsBench(): Promise<void> {
  note(`\n## Analytics (${MEMBERS * PROJECTS_PER_MEMBER} projects, one request at a time, ${RUNS} runs after ${WARM_UP} warm-ups)`);
  const database = await createBenchDatabase();
  const redisUrl = await resolveRedisUrl();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl });
  const seedStarted = performance.now();
  const { salesAuthorizations, adminAuthorization, counts } = await withClient(database.url, async (client) => {
    const ids = await insertMembers(client, MEMBERS, 'analytics-member-');
    await insertProjects(client, ids, PROJECTS_PER_MEMBER);
    await seedAnalytics(client, ids);
    const adminId = await insertAdmin(client);
    const sales = ids.filter((id) => id % 10 !== 0 && id % 3 === 0);
    const { rows } = await client.query<{ projects: number; changes: number; histories: number; deals: number }>(
      `SELECT (SELECT count(*) FROM projects)::int AS projects, (SELECT count(*) FROM project_stage_changes)::int AS changes,
              (SELECT count(*) FROM proposal_ticket_histories)::int AS histories, (SELECT count(*) FROM deals)::int AS deals`,
    );
    return {
      salesAuthorizations: sales.map((id) => `Bearer ${mintAccessToken(server.jwtSecret, id)}`),
      adminAuthorization: `Bearer ${mintAccessToken(server.jwtSecret, adminId)}`,
      counts: rows[0],
    };
  });
  note(
    `Seeded in ${fixed((performance.now() - seedStarted) / 1000, 1)} s: ${counts?.projects} projects, ${counts?.changes} stage changes, ${counts?.histories} proposal history rows, ${counts?.deals} deals; ${salesAuthorizations.length} sales partners.`,
  );

  let next = 0;
  const member = (query: string) => () => ({ url: `/api/user/analytics${query}`, authorization: salesAuthorizations[next++ % salesAuthorizations.length] ?? '' });
  const admin = (query: string) => () => ({ url: `/api/admin/analytics${query}`, authorization: adminAuthorization });
  const fiveYears = (() => {
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear() - 5, today.getUTCMonth() + 1, 1));
    return `?from=${from.toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`;
  })();
  const targets = [
    { label: 'GET /api/user/analytics (sales partner, 12 months)', path: member('') },
    { label: 'GET /api/user/analytics (sales partner, 5 years)', path: member(fiveYears) },
    { label: 'GET /api/admin/analytics (12 months)', path: admin('') },
    { label: 'GET /api/admin/analytics (5 years)', path: admin(fiveYears) },
  ];
  const rows: string[][] = [];
  for (const target of targets) {
    const times = await time(server.baseUrl, target.path);
    const p95 = percentile(times, 95);
    rows.push([target.label, fixed(percentile(times, 50), 1), fixed(p95, 1), fixed(times[times.length - 1] ?? Number.NaN, 1), p95 < TARGET_MS ? 'yes' : 'NO']);
  }
  await server.stop();
  await database.drop();
  printTable('Analytics', ['route', 'p50 ms', 'p95 ms', 'max ms', `p95 < ${TARGET_MS} ms`], rows);
}
