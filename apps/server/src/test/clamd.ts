import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClamavScanner } from '../lib/malware-scanner.js';
import { freePort, sleep } from './services.js';

/**
 * A private clamd for the malware-scan tests (ASVS 5.4.3): Debian's clamav-daemon binary on a
 * free loopback port, reading only a signature database the test writes itself (clamd refuses
 * to start without one). Nothing is downloaded; freshclam never runs.
 */
const CANDIDATES = ['/usr/sbin/clamd', '/usr/bin/clamd', '/usr/local/sbin/clamd'];

export function clamdBinary(): string | undefined {
  const onPath = spawnSync('sh', ['-c', 'command -v clamd'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/** Why the tests cannot run here (with what to install), or undefined when they can. */
export function missingClamd(): string | undefined {
  return clamdBinary() ? undefined : 'Malware-scan tests skipped: clamd is not installed (Debian package clamav-daemon: apt-get install clamav-daemon; `npm test` installs it when run as root).';
}

/** A hash signature (.hdb: md5, size, name) that flags exactly these bytes. */
export function hashSignature(data: Buffer, name: string): string {
  return `${createHash('md5').update(data).digest('hex')}:${data.length}:${name}`;
}

export interface PrivateClamd {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts clamd with the given .hdb lines; StreamMaxLength caps what one INSTREAM may send. */
export async function startClamd(signatures: string[], options: { streamMaxLength?: string } = {}): Promise<PrivateClamd> {
  const binary = clamdBinary();
  if (!binary) throw new Error('clamd not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'sunin-clamd-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'sunin-test.hdb'), `${signatures.join('\n')}\n`);
  const config = path.join(dir, 'clamd.conf');
  writeFileSync(
    config,
    [
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      'Foreground yes',
      `DatabaseDirectory ${dir}`,
      `StreamMaxLength ${options.streamMaxLength ?? '64M'}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      // No User line: clamd runs as whoever runs the tests (root included) and switches to no one.
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (data: Buffer) => output.push(data.toString()));
  child.stderr?.on('data', (data: Buffer) => output.push(data.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
  };
  const scanner = new ClamavScanner({ host: '127.0.0.1', port }, { connectTimeoutMs: 1_000 });
  const started = Date.now();
  while (!(await scanner.ping())) {
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      const log = existsSync(path.join(dir, 'clamd.log')) ? readFileSync(path.join(dir, 'clamd.log'), 'utf8') : '';
      await stop();
      throw new Error(`clamd did not come up:\n${output.join('')}\n${log}`);
    }
    await sleep(100);
  }
  return { url: `tcp://127.0.0.1:${port}`, port, stop };
}
