import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process started, in clock ticks since boot (field 22 of Linux's /proc/<pid>/stat),
 * or undefined where there is no /proc. A pid and its start time name one process: after a
 * crash the pid may be reused by an unrelated process, which has another start time.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the lock file's holder (`pid` or `pid start-time`) is still the process that wrote it. */
function holderIsRunning(content: string): boolean {
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return false;
  if (started === undefined) return isNodeProcess(pid); // a lock file of an older version
  const now = processStartTime(pid);
  return now === undefined || now === started;
}

/** Whether `pid` runs Node (true where /proc cannot tell). */
function isNodeProcess(pid: number): boolean {
  try {
    return /node/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * PGlite takes no lock of its own: two processes on one data directory silently lose writes
 * (DESIGN.md compatibility notes). We hold `DATA_DIR/portal.lock` with our pid while the
 * embedded database is open, and refuse to start while a live process holds it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      const started = processStartTime(process.pid);
      writeSync(fd, started === undefined ? String(process.pid) : `${process.pid} ${started}`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const content = readFileSync(file, 'utf8');
      if (holderIsRunning(content)) {
        throw new DataDirLockedError(
          `Another SunIn process (pid ${Number.parseInt(content, 10)}) is using the embedded database in ${dataDir}. ` +
            'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
        );
      }
      // The holder is gone (a crash or SIGKILL), or its pid now belongs to another process: the
      // lock is stale, take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}
