import autocannon from 'autocannon';
import { knobs } from './env.js';

export const WARM_UP_SECONDS = 2;

/** One GET: its path and the Authorization header it carries. */
export interface GetRequest {
  path: string;
  authorization: string;
}

/** autocannon over `requests`, taken in turn, for `duration` seconds. */
async function rate(baseUrl: string, requests: GetRequest[], duration: number): Promise<autocannon.Result> {
  let next = 0;
  const setup: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (request) => {
        const { path, authorization } = requests[next++ % requests.length]!;
        return { ...request, path, headers: { ...request.headers, authorization } };
      },
    },
  ];
  return autocannon({ url: baseUrl, connections: knobs.connections, duration, requests: setup });
}

/** A 2 s warm-up, then BENCH_DURATION seconds measured; any error or non-2xx answer fails the bench. */
export async function measure(baseUrl: string, requests: GetRequest[]): Promise<autocannon.Result> {
  await rate(baseUrl, requests, WARM_UP_SECONDS);
  const result = await rate(baseUrl, requests, knobs.durationSeconds);
  if (result.non2xx > 0 || result.errors > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => `${status}: ${count}`);
    throw new Error(`${requests[0]?.path}: ${result.non2xx} non-2xx answers and ${result.errors} errors (${statuses.join(', ')})`);
  }
  return result;
}
