/**
 * API throughput and latency (npm run bench:api): autocannon against a bare Fastify hello
 * route (the machine's ceiling), then the real built server on a fresh PostgreSQL database
 * of 100 members with 100 projects each: GET /api/health, GET /api/projects (one page of 25)
 * and GET /api/projects/:id, authenticated requests spread round-robin over all 100 members.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createBenchDatabase, withClient } from './lib/database.js';
import { knobs } from './lib/env.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, note, printTable } from './lib/report.js';
import { insertMembers, insertProjects } from './lib/seed.js';
import { freePort, startNode, startPortalServer, waitForOk } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const MEMBERS = 100;
const PROJECTS_PER_MEMBER = 100;
const PAGE_SIZE = 25;
const WARM_UP_SECONDS = 2;

interface Member {
  id: number;
  projectId: number;
  authorization: string;
}

interface Target {
  label: string;
  baseUrl: string;
  path: string;
  /** Per-request path and header for the authenticated routes (round-robin over members). */
  perMember?: (member: Member) => string;
}

interface Row {
  label: string;
  result: autocannon.Result;
}

async function measure(target: Target, members: Member[], duration: number): Promise<autocannon.Result> {
  let next = 0;
  const perMember = target.perMember;
  const requests: autocannon.Request[] = perMember
    ? [
        {
          method: 'GET',
          setupRequest: (request) => {
            const member = members[next++ % members.length] as Member;
            return { ...request, path: perMember(member), headers: { ...request.headers, authorization: member.authorization } };
          },
        },
      ]
    : [{ method: 'GET', path: target.path }];
  return autocannon({ url: target.baseUrl, connections: knobs.connections, duration, requests });
}

async function bench(target: Target, members: Member[]): Promise<autocannon.Result> {
  await measure(target, members, WARM_UP_SECONDS);
  return measure(target, members, knobs.durationSeconds);
}

function errorsOf(result: autocannon.Result): number {
  // autocannon counts timeouts among errors already.
  return result.errors + result.non2xx;
}

export async function runApiBench(): Promise<void> {
  note(`\n## API (autocannon, ${knobs.connections} connections, ${knobs.durationSeconds} s per route after a ${WARM_UP_SECONDS} s warm-up)`);
  const rows: Row[] = [];

  const barePort = await freePort();
  const bare = startNode('bare fastify', [fileURLToPath(new URL('./servers/bare-server.mjs', import.meta.url))], { PATH: process.env.PATH, PORT: String(barePort) }, barePort);
  await waitForOk(bare, '/hello');
  rows.push({ label: 'bare Fastify GET /hello', result: await bench({ label: 'bare', baseUrl: bare.baseUrl, path: '/hello' }, []) });
  await bare.stop();

  const database = await createBenchDatabase();
  const redisUrl = await resolveRedisUrl();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl });
  const members = await withClient(database.url, async (client) => {
    const ids = await insertMembers(client, MEMBERS, 'api-member-');
    const projectOf = await insertProjects(client, ids, PROJECTS_PER_MEMBER);
    return ids.map((id): Member => ({ id, projectId: projectOf.get(id) ?? 0, authorization: `Bearer ${mintAccessToken(server.jwtSecret, id)}` }));
  });
  note(`Seeded ${MEMBERS} members x ${PROJECTS_PER_MEMBER} projects; server ${redisUrl ? `with Redis (${redisUrl})` : 'without Redis'}.`);

  // The list must really be one full page of the caller's own projects.
  const first = members[0] as Member;
  const check = await fetch(`${server.baseUrl}/api/projects`, { headers: { authorization: first.authorization } });
  const body = (await check.json()) as Array<{ user_id?: number }>;
  if (check.status !== 200 || !Array.isArray(body) || body.length !== PAGE_SIZE || body.some((project) => project.user_id !== first.id)) {
    throw new Error(`GET /api/projects answered ${check.status} with ${Array.isArray(body) ? body.length : 'no'} rows; expected ${PAGE_SIZE} of member ${first.id}.`);
  }
  if (check.headers.get('x-total-count') !== String(PROJECTS_PER_MEMBER)) throw new Error(`X-Total-Count ${check.headers.get('x-total-count')}, expected ${PROJECTS_PER_MEMBER}.`);
  const one = await fetch(`${server.baseUrl}/api/projects/${first.projectId}`, { headers: { authorization: first.authorization } });
  if (one.status !== 200) throw new Error(`GET /api/projects/${first.projectId} answered ${one.status}.`);

  const targets: Target[] = [
    { label: 'GET /api/health', baseUrl: server.baseUrl, path: '/api/health' },
    { label: 'GET /api/projects (25 rows)', baseUrl: server.baseUrl, path: '/api/projects', perMember: () => '/api/projects' },
    { label: 'GET /api/projects/:id', baseUrl: server.baseUrl, path: '/api/projects/0', perMember: (member) => `/api/projects/${member.projectId}` },
  ];
  for (const target of targets) rows.push({ label: target.label, result: await bench(target, members) });
  await server.stop();
  await database.drop();

  const ceiling = rows[0]?.result.requests.average ?? Number.NaN;
  printTable(
    'API',
    ['route', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors', 'share of bare'],
    rows.map(({ label, result }) => [
      label,
      fixed(result.requests.average, 0),
      fixed(result.latency.p50, 1),
      fixed(result.latency.p97_5, 1),
      fixed(result.latency.p99, 1),
      String(errorsOf(result)),
      `${fixed((result.requests.average / ceiling) * 100, 1)} %`,
    ]),
  );
  note('errors = connection errors (timeouts included) + non-2xx answers. Authenticated routes rotate over all 100 members (a minted token each).');
}
