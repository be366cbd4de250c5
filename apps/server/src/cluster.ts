import cluster, { type Worker } from 'node:cluster';

/** A process that never listened failed to start (configuration, database): the cluster stops. */
const RESTART_DELAY_MS = 1_000;
const SHUTDOWN_LIMIT_MS = 15_000;

/** Which of the cluster's processes this is (0 first); undefined outside a cluster. */
export const workerIndex = (): number | undefined => (cluster.isWorker ? Number(process.env.SUNIN_WORKER_INDEX ?? 0) : undefined);

/**
 * WEB_CONCURRENCY=N (issue 19 item 5): this process forks N server processes that share the port
 * (node:cluster hands out the connections in turn) and keeps them running. Each one is the whole
 * server: it migrates under the advisory lock, runs the background jobs under theirs, and shares
 * limits and live events with the others through Redis (config.ts requires REDIS_URL).
 *
 * - `announce` is printed once every process listens.
 * - A process that exits after it listened is replaced (after a second); one that exits before
 *   it ever listened could not start, so the cluster stops with code 1, as one process would.
 * - SIGINT or SIGTERM: each process shuts down as it would alone; the cluster exits when all
 *   have (or after 15 s).
 */
export function runCluster(workers: number, announce: (pids: number[]) => void): void {
  const listening = new Map<number, number>();
  let stopping = false;
  let announced = false;

  const fork = (index: number): Worker => {
    const worker = cluster.fork({ SUNIN_WORKER_INDEX: String(index) });
    worker.on('listening', () => {
      listening.set(index, worker.process.pid ?? 0);
      if (!announced && listening.size === workers) {
        announced = true;
        announce([...listening.values()]);
      }
    });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const why = signal ?? `code ${code}`;
      if (!listening.has(index)) {
        console.error(`Server process ${index + 1} of ${workers} stopped (${why}) before it could listen; stopping the others.`);
        stop(1);
        return;
      }
      listening.delete(index);
      console.error(`Server process ${index + 1} of ${workers} stopped (${why}); starting another.`);
      setTimeout(() => !stopping && fork(index), RESTART_DELAY_MS).unref();
    });
    return worker;
  };

  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker && !worker.isDead()));
    const force = setTimeout(() => {
      console.error(`The server processes took longer than ${SHUTDOWN_LIMIT_MS / 1000} s to stop; exiting.`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    void Promise.all(running.map((worker) => new Promise((resolve) => (worker.isDead() ? resolve(null) : worker.once('exit', resolve))))).then(() => process.exit(exitCode));
    for (const worker of running) worker.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  for (let index = 0; index < workers; index++) fork(index);
}
