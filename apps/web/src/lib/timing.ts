/**
 * Resolves (or rejects) with `work`, but never before `minimumMs` have passed: the saving
 * spinner of site, utility and profile saves stays visible at least 1.5 s (member-app.md 9).
 */
export async function withMinimumDuration<T>(work: Promise<T>, minimumMs: number): Promise<T> {
  const delay = new Promise<void>((resolve) => setTimeout(resolve, minimumMs));
  const [result] = await Promise.allSettled([work, delay]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * A pause of `ms` milliseconds (the deliberate delays of the new-project submit, member-app.md 4).
 * An aborted `signal` ends it at once, rejecting with the signal's reason.
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
