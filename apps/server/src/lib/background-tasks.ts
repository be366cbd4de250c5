/**
 * Work a request starts but does not wait for: it runs after the answer is written (the next
 * turn of the event loop), so the answer's time cannot depend on it. Used where that time
 * would tell something (a reset request must not show whether the account exists,
 * docs/decisions/008). Failures are logged, never thrown at the caller. The app waits for
 * work in progress when it closes; tests wait for it with `drain()`.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: { error(details: object, message: string): void }) {}

  run(name: string, task: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once every task started so far, and any they start, has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
