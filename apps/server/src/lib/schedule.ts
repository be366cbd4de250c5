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
