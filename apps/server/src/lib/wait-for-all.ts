/**
 * Waits for every one of `tasks`, then throws the first failure, if any. Unlike Promise.all,
 * which settles at the first failure, nothing is still running when it settles: the outbox
 * workers run their lanes through it, so that a pass that failed in one lane still means "no
 * send in flight" to flush(), idle() and close() (decision 055).
 */
export async function waitForAll(tasks: Iterable<Promise<unknown>>): Promise<void> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
