import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Connect-style middleware that only sets and removes headers (helmet's). */
type HeaderMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

export interface FixedHeaders {
  set: ReadonlyArray<readonly [name: string, value: string | number | readonly string[]]>;
  removed: readonly string[];
}

/**
 * What a header middleware does to every answer, read once by running it on a stand-in
 * response (issue 42 item 1): helmet's twelve middlewares, its CSP string included, cost about
 * 2 % of a project read when run per request, and with a fixed configuration they write the same
 * headers every time. Throws if the middleware does anything but set and remove headers
 * synchronously, or fails: then it must run per request.
 */
export function fixedHeadersOf(middleware: HeaderMiddleware): FixedHeaders {
  const set = new Map<string, readonly [string, string | number | readonly string[]]>();
  const removed = new Set<string>();
  let done = false;
  let failure: unknown;
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      removed.delete(name.toLowerCase());
      set.set(name.toLowerCase(), [name, value]);
      return response;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  const request = { headers: {}, method: 'GET', url: '/' };
  middleware(request as unknown as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    done = true;
    failure = error;
  });
  if (!done || failure) throw new Error('The header middleware did not finish at once without an error: it cannot be read once.');
  return { set: [...set.values()], removed: [...removed] };
}

/** Writes the fixed headers onto an answer. */
export function applyFixedHeaders(response: ServerResponse, headers: FixedHeaders): void {
  for (const name of headers.removed) response.removeHeader(name);
  for (const [name, value] of headers.set) response.setHeader(name, value);
}
