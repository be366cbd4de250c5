import type { ClusterLocks } from '../db/client.js';

/**
 * Runs `task` now and then every `intervalMs`, never two runs at a time; a failed run is
 * reported to `onError` and retried on the next round. The timer does not keep the process
 * alive. Returns a stop function that also waits for a run in progress.
 */
export function scheduleRepeating(task: () => Promise<void>, intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * A repeating job that runs once per cluster (DESIGN.md "Outbox and jobs"): every process
 * schedules it, and each round only the process that takes the advisory lock `name` runs it;
 * the others skip that round (the job is not queued behind the holder, which already does
 * the work). With one process, it simply runs.
 */
export function scheduleClusterJob(
  locks: ClusterLocks,
  name: string,
  task: () => Promise<void>,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  return scheduleRepeating(async () => void (await locks.withAdvisoryLock(`job:${name}`, task)), intervalMs, onError);
}
