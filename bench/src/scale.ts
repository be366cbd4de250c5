/**
 * Cost that does not grow with data (npm run bench:scale; issue 19 item 2). On one database:
 *
 * 1. 10,000 projects (100 members x 100): a member's first page, rotating over the members,
 *    and the admin lists (All Projects, its Working tab, one member's projects, a search of
 *    All Projects that matches one project);
 * 2. then 90,000 more (9 members x 10,000), 100,000 in all: the same member pages, a first page
 *    of the members with 10,000 projects each, and the same admin lists.
 *
 * Each project has its creation in the stage history, as the portal records it. Each figure is
 * autocannon's request rate (BENCH_CONNECTIONS, BENCH_DURATION s after a 2 s warm-up); the
 * target is that the larger case keeps at least 80 % of the smaller one's rate.
 */
import type autocannon from 'autocannon';
import { createBenchDatabase, withClient } from './lib/database.js';
import { knobs } from './lib/env.js';
import { measure, WARM_UP_SECONDS } from './lib/load.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, meets, note, printTable } from './lib/report.js';
import { insertAdmin, insertMembers, insertProjects } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const SMALL_MEMBERS = 100;
const SMALL_PROJECTS = 100;
const LARGE_MEMBERS = 9;
const LARGE_PROJECTS = 10_000;
const TARGET_SHARE = 0.8;

/** A stage-history row for each project without one (its creation), as the portal records it (the projects carry its time: insertProjects `entered`). */
async function recordCreations(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(`INSERT INTO project_stage_changes (project_id, from_stage, to_stage, changed_at)
      SELECT p.id, NULL, p.project_stage, p.created_at FROM projects p WHERE NOT EXISTS (SELECT 1 FROM project_stage_changes c WHERE c.project_id = p.id)`);
    // As autovacuum leaves a table in use: the bulk insert's dead counter rows gone, statistics fresh.
    await client.query('VACUUM ANALYZE');
  });
}

/**
 * Proposal tickets for the projects without one (issue 37 item 2's queue): every other project a
 * delivered one (its clock stopped), one in a hundred an open request, a third of those waiting
 * for the power bill and the rest running, some past due. The clocks' trigger (migration 0020)
 * copies each current clock onto its ticket.
 */
async function insertProposalTickets(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(`INSERT INTO proposal_tickets (project_id, status, notification_user_id, company_name, created_at)
      SELECT p.id, CASE WHEN p.id % 100 = 1 THEN 1 ELSE 3 END, p.user_id, p.company_name, p.created_at FROM projects p
      WHERE (p.id % 2 = 0 OR p.id % 100 = 1) AND NOT EXISTS (SELECT 1 FROM proposal_tickets t WHERE t.project_id = p.id)`);
    await client.query(`INSERT INTO proposal_clocks (proposal_ticket_id, requested_at, started_at, due_at, stopped_at, delivered_at)
      SELECT t.id, now() - interval '3 days',
             CASE WHEN t.status = 1 AND t.id % 3 = 0 THEN NULL ELSE now() - interval '3 days' END,
             CASE WHEN t.status = 3 THEN now() - interval '1 day' WHEN t.id % 3 = 0 THEN NULL ELSE now() + ((t.id % 96 - 24) || ' hours')::interval END,
             CASE WHEN t.status = 3 THEN now() - interval '2 days' END, CASE WHEN t.status = 3 THEN now() - interval '2 days' END
      FROM proposal_tickets t WHERE NOT EXISTS (SELECT 1 FROM proposal_clocks c WHERE c.proposal_ticket_id = t.id)`);
  });
}

/**
 * Leads for the projects without one (issue 39's queue): one for every tenth project, at a site of
 * its own; most converted or rejected, one in five open, a third of those nobody's. A lead per
 * ten projects, so the leads grow tenfold with the projects too.
 */
async function insertLeads(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query(`INSERT INTO leads (user_id, source, status, company_name, contact_name, email, phone, address_1, city, state, zip, expires_at, project_id, converted_at, created_at, updated_at)
      SELECT CASE WHEN p.id % 150 = 0 THEN NULL ELSE p.user_id END, CASE WHEN p.id % 150 = 0 THEN 'site' ELSE 'link' END,
             CASE WHEN p.id % 50 = 0 THEN 'new' WHEN p.id % 20 = 0 THEN 'rejected' ELSE 'converted' END,
             p.company_name, 'Lead Contact', 'lead' || p.id || '@example.com', '5125550100', p.id || ' Lead Street', 'Austin', 'TX', '78701',
             CASE WHEN p.id % 50 = 0 THEN now() + interval '30 days' END,
             CASE WHEN p.id % 50 <> 0 AND p.id % 20 <> 0 THEN p.id END, CASE WHEN p.id % 50 <> 0 AND p.id % 20 <> 0 THEN p.created_at END,
             p.created_at - interval '3 days', p.created_at
      FROM projects p WHERE p.id % 10 = 0 AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.company_name = p.company_name AND l.address_1 = p.id || ' Lead Street')`);
  });
}

export async function runScaleBench(): Promise<void> {
  note(`\n## Cost against data (autocannon, ${knobs.connections} connections, ${knobs.durationSeconds} s per figure after a ${WARM_UP_SECONDS} s warm-up)`);
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl: await resolveRedisUrl() });
  const token = (id: number) => `Bearer ${mintAccessToken(server.jwtSecret, id)}`;
  const { small, admin } = await withClient(database.url, async (client) => {
    const ids = await insertMembers(client, SMALL_MEMBERS, 'scale-small-');
    await insertProjects(client, ids, SMALL_PROJECTS, { entered: true });
    return { small: ids, admin: token(await insertAdmin(client)) };
  });
  await insertProposalTickets(database.url);
  await insertLeads(database.url);
  await recordCreations(database.url);

  const expectTotal = async (path: string, expected: number) => {
    const check = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: admin } });
    if (check.headers.get('x-total-count') !== String(expected)) throw new Error(`${path}: X-Total-Count ${check.headers.get('x-total-count')}, expected ${expected}.`);
  };
  const memberPages = small.map((id) => ({ path: '/api/projects', authorization: token(id) }));
  // One project's company in both cases (the larger case's members have other ids).
  const search = { label: 'admin All Projects, search', path: `/api/admin/projects?q=${encodeURIComponent(`Company ${small[0]}-77`)}` };
  const adminLists = [
    { label: 'admin All Projects, first page', path: '/api/admin/projects' },
    { label: 'admin All Projects, Working tab', path: '/api/admin/projects?stage_filter=working' },
    { label: "admin one member's projects", path: `/api/admin/users/${small[0]}/projects` },
    search,
    // Issue 37 item 4: the pipeline board (every column's count, deal value and first cards).
    { label: 'admin pipeline board', path: '/api/admin/board' },
    // Issue 37 item 2: the proposal queue's first page in urgency order.
    { label: 'admin proposal queue, by urgency', path: '/api/admin/proposal_tickets?sort=urgency' },
    // Issue 39: the leads queue's first page, all and the open ones.
    { label: 'admin leads queue, first page', path: '/api/admin/leads' },
    { label: 'admin leads queue, new', path: '/api/admin/leads?status=new' },
  ];
  await expectTotal(search.path, 1);
  const before = {
    member: await measure(server.baseUrl, memberPages),
    admin: [] as autocannon.Result[],
  };
  for (const list of adminLists) before.admin.push(await measure(server.baseUrl, [{ path: list.path, authorization: admin }]));

  const large = await withClient(database.url, async (client) => {
    const ids = await insertMembers(client, LARGE_MEMBERS, 'scale-large-');
    await insertProjects(client, ids, LARGE_PROJECTS, { entered: true });
    return ids;
  });
  await insertProposalTickets(database.url);
  await insertLeads(database.url);
  await recordCreations(database.url);
  const total = SMALL_MEMBERS * SMALL_PROJECTS + LARGE_MEMBERS * LARGE_PROJECTS;
  await expectTotal('/api/admin/projects', total);
  await expectTotal(search.path, 1);

  const after = {
    member: await measure(server.baseUrl, memberPages),
    large: await measure(server.baseUrl, large.map((id) => ({ path: '/api/projects', authorization: token(id) }))),
    admin: [] as autocannon.Result[],
  };
  for (const list of adminLists) after.admin.push(await measure(server.baseUrl, [{ path: list.path, authorization: admin }]));
  await server.stop();
  await database.drop();

  const row = (label: string, small: autocannon.Result, large: autocannon.Result, smallCase: string, largeCase: string) => {
    const share = large.requests.average / small.requests.average;
    return [label, `${smallCase}: ${fixed(small.requests.average, 0)}`, `${largeCase}: ${fixed(large.requests.average, 0)}`, `${fixed(share * 100, 1)} %`, `≥ ${TARGET_SHARE * 100} %`, meets(share >= TARGET_SHARE), fixed(small.latency.p99, 1), fixed(large.latency.p99, 1)];
  };
  printTable('Cost against data (req/s)', ['list', 'smaller case', 'larger case', 'share', 'target', 'meets', 'p99 ms smaller', 'p99 ms larger'], [
    row("a member's first page", before.member, after.large, '100 projects', '10,000 projects'),
    row("a member's first page (100 projects)", before.member, after.member, '10,000 in all', '100,000 in all'),
    ...adminLists.map((list, index) => row(list.label, before.admin[index]!, after.admin[index]!, '10,000 projects', '100,000 projects')),
  ]);
  note(`Member pages rotate over the members of each case (${SMALL_MEMBERS} with ${SMALL_PROJECTS} projects, ${LARGE_MEMBERS} with ${LARGE_PROJECTS}); admin lists use one administrator. Every project has its creation in the stage history.`);
}
