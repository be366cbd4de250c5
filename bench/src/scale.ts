/**
 * Cost that does not grow with data (npm run bench:scale; issue 19 item 2). Two databases, each
 * with its own server:
 *
 * 1. the smaller case, 10,000 projects (100 members x 100): a member's first page, rotating over
 *    the members, and the admin lists (All Projects, its Working tab, one member's projects, a
 *    search of All Projects that matches one project, the board, the queues);
 * 2. the larger case, the same and 90,000 more (9 members x 10,000), 100,000 in all: the same
 *    member pages, a first page of the members with 10,000 projects each, and the same lists.
 *
 * Each project has its creation in the stage history, as the portal records it. Each figure is
 * autocannon's request rate (BENCH_CONNECTIONS, BENCH_DURATION s after a 2 s warm-up), measured
 * ROUNDS times with the two cases in turn (smaller, larger, smaller, ...), medians: one 10 s
 * figure moves by tens of percent from run to run on two shared cores, and in turn both cases meet
 * the same drift. The target: the larger case keeps at least 80 % of the smaller one's rate.
 */
import type autocannon from 'autocannon';
import { createBenchDatabase, withClient, type BenchDatabase } from './lib/database.js';
import { knobs } from './lib/env.js';
import { measure, WARM_UP_SECONDS, type GetRequest } from './lib/load.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, median, meets, note, printTable } from './lib/report.js';
import { insertAdmin, insertMembers, insertProjects } from './lib/seed.js';
import { startPortalServer, type PortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const SMALL_MEMBERS = 100;
const SMALL_PROJECTS = 100;
const LARGE_MEMBERS = 9;
const LARGE_PROJECTS = 10_000;
const TARGET_SHARE = 0.8;
/** Each figure's rounds, the two cases in turn; the table takes the medians. */
const ROUNDS = 3;

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

/** One case: its database and server, the members of each size and an administrator's header. */
interface Case {
  database: BenchDatabase;
  server: PortalServer;
  small: number[];
  large: number[];
  admin: string;
  token: (id: number) => string;
}

/** A database seeded as the case says, with its server; the larger case adds the members with 10,000 projects each. */
async function seedCase(larger: boolean, redisUrl: string | undefined): Promise<Case> {
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl });
  const token = (id: number) => `Bearer ${mintAccessToken(server.jwtSecret, id)}`;
  const seeded = await withClient(database.url, async (client) => {
    const small = await insertMembers(client, SMALL_MEMBERS, 'scale-small-');
    await insertProjects(client, small, SMALL_PROJECTS, { entered: true });
    const admin = token(await insertAdmin(client));
    const large = larger ? await insertMembers(client, LARGE_MEMBERS, 'scale-large-') : [];
    if (larger) await insertProjects(client, large, LARGE_PROJECTS, { entered: true });
    return { small, large, admin };
  });
  await insertProposalTickets(database.url);
  await insertLeads(database.url);
  await recordCreations(database.url);
  return { database, server, token, ...seeded };
}

/** What a figure reads: its median rate and p99 over the rounds. */
interface Figure {
  rate: number;
  p99: number;
}

const figureOf = (results: autocannon.Result[]): Figure => ({ rate: median(results.map((result) => result.requests.average)), p99: median(results.map((result) => result.latency.p99)) });

/** The two request sets ROUNDS times in turn, smaller case first. */
async function inTurn(smaller: { server: PortalServer; requests: GetRequest[] }, larger: { server: PortalServer; requests: GetRequest[] }): Promise<[Figure, Figure]> {
  const rounds: [autocannon.Result[], autocannon.Result[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    rounds[0].push(await measure(smaller.server.baseUrl, smaller.requests));
    rounds[1].push(await measure(larger.server.baseUrl, larger.requests));
  }
  return [figureOf(rounds[0]), figureOf(rounds[1])];
}

export async function runScaleBench(): Promise<void> {
  note(`\n## Cost against data (autocannon, ${knobs.connections} connections, ${knobs.durationSeconds} s per figure after a ${WARM_UP_SECONDS} s warm-up, ${ROUNDS} rounds in turn, medians)`);
  const redisUrl = await resolveRedisUrl();
  const smaller = await seedCase(false, redisUrl);
  const larger = await seedCase(true, redisUrl);
  const total = SMALL_MEMBERS * SMALL_PROJECTS + LARGE_MEMBERS * LARGE_PROJECTS;

  const expectTotal = async (which: Case, path: string, expected: number) => {
    const check = await fetch(`${which.server.baseUrl}${path}`, { headers: { authorization: which.admin } });
    if (check.headers.get('x-total-count') !== String(expected)) throw new Error(`${path}: X-Total-Count ${check.headers.get('x-total-count')}, expected ${expected}.`);
  };
  const memberPages = (which: Case, ids: number[]) => ids.map((id) => ({ path: '/api/projects', authorization: which.token(id) }));
  // One project's company in each case, found by a search that matches it alone.
  const searchPath = (which: Case) => `/api/admin/projects?q=${encodeURIComponent(`Company ${which.small[0]}-77`)}`;
  const adminLists: Array<{ label: string; path: (which: Case) => string }> = [
    { label: 'admin All Projects, first page', path: () => '/api/admin/projects' },
    { label: 'admin All Projects, Working tab', path: () => '/api/admin/projects?stage_filter=working' },
    { label: "admin one member's projects", path: (which) => `/api/admin/users/${which.small[0]}/projects` },
    { label: 'admin All Projects, search', path: searchPath },
    // Issue 37 item 4: the pipeline board (every column's count, deal value and first cards).
    { label: 'admin pipeline board', path: () => '/api/admin/board' },
    // Issue 37 item 2: the proposal queue's first page in urgency order.
    { label: 'admin proposal queue, by urgency', path: () => '/api/admin/proposal_tickets?sort=urgency' },
    // Issue 39: the leads queue's first page, all and the open ones.
    { label: 'admin leads queue, first page', path: () => '/api/admin/leads' },
    { label: 'admin leads queue, new', path: () => '/api/admin/leads?status=new' },
  ];
  await expectTotal(smaller, '/api/admin/projects', SMALL_MEMBERS * SMALL_PROJECTS);
  await expectTotal(larger, '/api/admin/projects', total);
  await expectTotal(smaller, searchPath(smaller), 1);
  await expectTotal(larger, searchPath(larger), 1);

  const member = (which: Case, ids: number[]) => ({ server: which.server, requests: memberPages(which, ids) });
  const admin = (which: Case, path: string) => ({ server: which.server, requests: [{ path, authorization: which.admin }] });
  const firstPage = await inTurn(member(smaller, smaller.small), member(larger, larger.large));
  const smallPage = await inTurn(member(smaller, smaller.small), member(larger, larger.small));
  const lists: Array<[Figure, Figure]> = [];
  for (const list of adminLists) lists.push(await inTurn(admin(smaller, list.path(smaller)), admin(larger, list.path(larger))));
  for (const which of [smaller, larger]) {
    await which.server.stop();
    await which.database.drop();
  }

  const row = (label: string, [small, large]: [Figure, Figure], smallCase: string, largeCase: string) => {
    const share = large.rate / small.rate;
    return [label, `${smallCase}: ${fixed(small.rate, 0)}`, `${largeCase}: ${fixed(large.rate, 0)}`, `${fixed(share * 100, 1)} %`, `≥ ${TARGET_SHARE * 100} %`, meets(share >= TARGET_SHARE), fixed(small.p99, 1), fixed(large.p99, 1)];
  };
  printTable(`Cost against data (req/s, medians of ${ROUNDS} rounds in turn)`, ['list', 'smaller case', 'larger case', 'share', 'target', 'meets', 'p99 ms smaller', 'p99 ms larger'], [
    row("a member's first page", firstPage, '100 projects', '10,000 projects'),
    row("a member's first page (100 projects)", smallPage, '10,000 in all', '100,000 in all'),
    ...adminLists.map((list, index) => row(list.label, lists[index]!, '10,000 projects', '100,000 projects')),
  ]);
  note(`Each case has its own database and server. Member pages rotate over the members of each case (${SMALL_MEMBERS} with ${SMALL_PROJECTS} projects, ${LARGE_MEMBERS} with ${LARGE_PROJECTS}); admin lists use one administrator. Every project has its creation in the stage history.`);
}
