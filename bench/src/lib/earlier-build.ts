import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './env.js';
import { note } from './report.js';

/** The server of an earlier commit, built beside this checkout; or why there is none. */
export type EarlierBuild = { commit: string; serverEntry: string } | { commit: string; missing: string };

const READY_MARK = '.bench-build-ready';

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'development' } });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal}):\n${output}`);
  }
}

/**
 * The built server of `ref` (a commit of this repository), for rows that compare a change with
 * the code before it in the same run, on the machine as it is in that hour. The commit's files
 * come from `git archive` into a folder under the system's temporary directory, named by the
 * commit; its contract and server are installed from npm's cache (`npm ci`, those two
 * workspaces only) and built. That takes a few minutes the first time; later runs reuse the
 * folder. Nothing of it is committed or kept in this checkout.
 */
export function earlierBuild(ref: string): EarlierBuild {
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return { commit: ref, missing: `commit ${ref} is not in this clone (a shallow clone has no history; fetch it, or set BENCH_BEFORE to one that is)` };
  }
  const folder = path.join(os.tmpdir(), `sunin-bench-build-${commit.slice(0, 12)}`);
  const serverEntry = path.join(folder, 'apps/server/dist/server.js');
  if (existsSync(path.join(folder, READY_MARK)) && existsSync(serverEntry)) return { commit, serverEntry };

  note(`Building the server of ${commit.slice(0, 7)} in ${folder} for the "before" rows (the first time only; a few minutes).`);
  try {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: repoRoot, maxBuffer: 1024 ** 3 });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr.toString()}`);
    const unpack = spawnSync('tar', ['-x', '-C', folder], { input: archive.stdout });
    if (unpack.status !== 0) throw new Error(`tar failed: ${unpack.stderr.toString()}`);
    run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--workspace', 'packages/contract', '--workspace', 'apps/server'], folder);
    run('npm', ['run', 'build', '--workspace', 'packages/contract'], folder);
    run('npm', ['run', 'build', '--workspace', 'apps/server'], folder);
    writeFileSync(path.join(folder, READY_MARK), `${commit}\n`);
    return { commit, serverEntry };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    return { commit, missing: `its build failed: ${(error as Error).message}` };
  }
}
