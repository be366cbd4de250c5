import { isApiErrorBody, shareGoneSchema, type ShareGone } from '@sunin/contract';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';

/** An expired or revoked link (410): why, and the partner to ask for a new one. */
export class ShareGoneError extends Error {
  readonly gone: ShareGone;

  constructor(gone: ShareGone) {
    super(gone.error.message);
    this.name = 'ShareGoneError';
    this.gone = gone;
  }
}

/**
 * A call of the customer's page (issue 36): public, so it never sends the session's token and a
 * 401 never sends the visitor to /login (a signed-in partner opening their own link, or an
 * expired session, must see the customer's page). A 410 keeps its body, which names the partner.
 */
export async function publicRequest<T>(path: string, { method = 'GET', body, signal }: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(`/api/public/shares/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) return data as T;
  if (response.status === 410) {
    const gone = shareGoneSchema.safeParse(data);
    if (gone.success) throw new ShareGoneError(gone.data);
  }
  if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields ?? {});
  throw new ApiError(response.status, 'unknown', GENERIC_ERROR_MESSAGE);
}

/** The token as a path segment (the router gives it decoded). */
export const tokenPath = (token: string) => encodeURIComponent(token);
