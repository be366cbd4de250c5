/**
 * `npm run profile:summary -w bench -- <file.cpuprofile> [rows]`: where a V8 CPU profile (from
 * BENCH_CPU_PROFILE) spent its time, grouped by npm package or by the portal's own file: self
 * time (the code itself running) and inclusive time (anything on the stack below it), in ms.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A package (`pkg:fastify`), the portal's own file (`apps/server/dist/app.js`), or null for Node's internals. */
function groupOf(url: string): string | null {
  if (!url) return null;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return `pkg:${inPackage[1]}`;
  if (url.startsWith('node:')) return null;
  return url.replace(/^.*\/(apps|packages)\//, '$1/');
}

function summarize(profile: CpuProfile, rows: number): void {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((sample, index) => {
    const delta = (profile.timeDeltas[index] ?? 0) / 1000;
    total += delta;
    const leaf = byId.get(sample);
    const leafGroup = leaf ? (groupOf(leaf.callFrame.url) ?? `(${leaf.callFrame.functionName || 'node'})`) : '(unknown)';
    self.set(leafGroup, (self.get(leafGroup) ?? 0) + delta);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const group = groupOf(byId.get(id)?.callFrame.url ?? '');
      if (group) seen.add(group);
    }
    for (const group of seen) inclusive.set(group, (inclusive.get(group) ?? 0) + delta);
  });
  const top = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, rows);
  console.info(`Sampled ${total.toFixed(0)} ms.\n\nSelf time (ms, share):`);
  for (const [group, ms] of top(self)) console.info(`${ms.toFixed(0).padStart(8)} ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${group}`);
  console.info('\nInclusive time (ms, share):');
  for (const [group, ms] of top(inclusive)) console.info(`${ms.toFixed(0).padStart(8)} ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${group}`);
}

const [file, rows] = process.argv.slice(2);
if (!file) {
  console.error('Usage: npm run profile:summary -w bench -- <file.cpuprofile> [rows]');
  process.exit(2);
}
summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(rows ?? 30));
