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

/** A pause of `ms` milliseconds (the deliberate delays of the new-project submit, member-app.md 4). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
