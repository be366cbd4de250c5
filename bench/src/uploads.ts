/**
 * Uploads under load (npm run bench:uploads, issue 13): one member sends BENCH_UPLOADS parallel
 * photo uploads of BENCH_UPLOAD_MIB each (20 MiB, the largest allowed) with Node's fetch and
 * FormData while the bench samples the server's resident memory and asks /api/health every
 * 100 ms. Twice: with the per-user concurrency limit raised to the number of uploads (every
 * upload streams at once: the memory figure), and with the default limit of 4 (the rest are
 * refused with 429 at once).
 */
import { createBenchDatabase, withClient } from './lib/database.js';
import { knobs } from './lib/env.js';
import { fixed, mib, note, percentile, printTable } from './lib/report.js';
import { insertMembers, insertProjects } from './lib/seed.js';
import { residentBytes, startPortalServer, type PortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const MIB = 1024 * 1024;
const SAMPLE_MS = 100;

/** A PNG signature and IHDR chunk, then filler: judged a PNG by its first bytes. */
function photoOf(bytes: number): Uint8Array<ArrayBuffer> {
  const photo = new Uint8Array(bytes).fill(0x5a);
  photo.set(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
  return photo;
}

interface Run {
  label: string;
  statuses: Map<number, number>;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  health: number[];
  healthFailures: number;
}

async function runOnce(label: string, limit: number | undefined, databaseUrl: string, redisUrl: string | undefined): Promise<Run> {
  const server: PortalServer = await startPortalServer({
    databaseUrl,
    redisUrl,
    env: {
      ...(limit ? { UPLOAD_CONCURRENCY_PER_USER: String(limit) } : {}),
      // Every run uploads up to 60 x 20 MiB for one member: room for all of it.
      STORAGE_QUOTA_BYTES_PER_USER: String(50 * 1024 * MIB),
    },
  });
  const { authorization, projectId } = await withClient(databaseUrl, async (client) => {
    const [id] = await insertMembers(client, 1, `upload-bench-${label.length}-${Date.now()}-`);
    const projects = await insertProjects(client, [id as number], 1);
    return { authorization: `Bearer ${mintAccessToken(server.jwtSecret, id as number)}`, projectId: projects.get(id as number) as number };
  });
  const photo = new Blob([photoOf(knobs.uploadMib * MIB)], { type: 'image/png' });

  const rssBefore = residentBytes(server.pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, residentBytes(server.pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS / 2));
    }
  })();
  const health: number[] = [];
  let healthFailures = 0;
  const prober = (async () => {
    while (sampling) {
      const started = performance.now();
      try {
        const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.ok) health.push(performance.now() - started);
        else healthFailures++;
      } catch {
        healthFailures++;
      }
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();

  const started = performance.now();
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: knobs.uploads }, async () => {
      const form = new FormData();
      form.append('file', photo, 'roof.png');
      let status: number;
      try {
        const res = await fetch(`${server.baseUrl}/api/projects/${projectId}/images`, { method: 'POST', headers: { authorization }, body: form });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await Promise.all([sampler, prober]);
  const rssAfter = residentBytes(server.pid);
  await server.stop();
  return { label, statuses, seconds, rssBefore, rssPeak, rssAfter, health: health.sort((a, b) => a - b), healthFailures };
}

export async function runUploadsBench(): Promise<void> {
  note(`\n## Uploads (${knobs.uploads} parallel uploads of ${knobs.uploadMib} MiB by one member, Node fetch + FormData)`);
  const database = await createBenchDatabase();
  const redisUrl = knobs.redisUrl;
  const runs = [
    await runOnce(`concurrency limit raised to ${knobs.uploads}`, knobs.uploads, database.url, redisUrl),
    await runOnce('default limit (4 per user)', undefined, database.url, redisUrl),
  ];
  await database.drop();
  printTable(
    'Uploads: server memory and /api/health while they run',
    ['run', 'answers', 'time s', 'RSS before', 'RSS peak', 'RSS after', 'health p50 ms', 'health p99 ms', 'health max ms', 'health failures'],
    runs.map((run) => [
      run.label,
      [...run.statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${count} x ${status || 'network error'}`)
        .join(', '),
      fixed(run.seconds, 1),
      mib(run.rssBefore),
      mib(run.rssPeak),
      mib(run.rssAfter),
      fixed(percentile(run.health, 50), 0),
      fixed(percentile(run.health, 99), 0),
      fixed(run.health.at(-1) ?? Number.NaN, 0),
      String(run.healthFailures),
    ]),
  );
  note(`RSS from /proc/<pid>/status VmRSS sampled every ${SAMPLE_MS / 2} ms; /api/health asked one at a time every ${SAMPLE_MS} ms while the uploads run. Local disk storage in a temporary DATA_DIR.`);
}
