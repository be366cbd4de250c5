/**
 * Errors as the log may show them. Drizzle's DrizzleQueryError puts the failed query's
 * parameters in its message ("Failed query: ...\nparams: ...") and in `params`; PGlite adds
 * `params` to its errors; PostgreSQL's `detail` may repeat the failing row. Those hold password
 * digests, reset links and personal data (issue 13: a start-up seed race printed an argon2
 * digest), so every logged error and the start-up error go through here.
 */

/** Properties dropped from every error in a chain: query parameters and row data. */
const UNSAFE_KEYS = new Set(['params', 'parameters', 'queryOptions', 'detail']);
const MAX_DEPTH = 5;

/** The message without Drizzle's parameter list (the parameterized SQL stays: it names the failing query). */
export function safeErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof (error as { message?: unknown })?.message === 'string' ? (error as { message: string }).message : String(error);
  return message.replace(/\n?params: [\s\S]*$/, '');
}

/** The stack with its first line (which repeats the message) made safe too. */
function safeStack(error: Error): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  return error.message ? error.stack.replace(error.message, safeErrorMessage(error)) : error.stack;
}

/** The log's `err` serializer: pino's shape (type, message, stack, own properties, cause), made safe. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message: safeErrorMessage(error), stack: safeStack(error) };
  for (const [key, value] of Object.entries(error)) {
    if (UNSAFE_KEYS.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    out[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** A printable form for the console (the start-up failure): each stack of the cause chain, made safe. */
export function formatError(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_DEPTH && current !== undefined && current !== null; depth++) {
    const text = current instanceof Error ? (safeStack(current) ?? `${current.name}: ${safeErrorMessage(current)}`) : safeErrorMessage(current);
    lines.push(depth === 0 ? text : `Caused by: ${text}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}
