import { isApiErrorBody, type ApiErrorBody } from '@sunin/contract';
import { clearSession, getToken } from './session';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** The one error the web app sees for a failed call: the API's `{error:{code,message,fields}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** With `possible_duplicate` (POST /api/projects, issue 37 item 6): the project already at the site. */
  readonly duplicate: ApiErrorBody['error']['duplicate'];

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}, duplicate?: ApiErrorBody['error']['duplicate']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.duplicate = duplicate;
  }
}

/** The server's message when the failure is an ApiError, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'network_error' && error.code !== 'unknown' && error.message
    ? error.message
    : fallback;
}

type UnauthorizedHandler = () => void;

let unauthorizedHandler: UnauthorizedHandler = () => {
  window.location.replace('/login');
};

/**
 * What happens when a call made with a token answers 401 (the token expired or was revoked):
 * the session cookies are cleared first, then this handler runs. The app installs one that
 * navigates to /login inside the router; the default reloads the page at /login.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * Where an administrator goes when an admin call answers 403 mfa_enrollment_required
 * (ADMIN_MFA_REQUIRED, docs/decisions/010): the Security section of /profile, with a banner
 * saying why.
 */
export const MFA_ENROLMENT_PATH = { pathname: '/profile', search: '?two_factor=required', hash: '#security' } as const;

let mfaEnrollmentHandler: () => void = () => {
  window.location.assign(`${MFA_ENROLMENT_PATH.pathname}${MFA_ENROLMENT_PATH.search}${MFA_ENROLMENT_PATH.hash}`);
};

/** What happens when a call answers 403 mfa_enrollment_required; the app installs a router navigation. */
export function setMfaEnrollmentHandler(handler: () => void): void {
  mfaEnrollmentHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  /** A list value repeats the key (`?stage=a&stage=b`). */
  query?: Record<string, string | number | readonly string[] | undefined>;
  signal?: AbortSignal;
  /** Send the bearer token when there is one (default true). Login sends none. */
  auth?: boolean;
  /** Treat a 401 on a call made with a token as an expired session (default true). */
  redirectOnUnauthorized?: boolean;
  /** How a successful body is read: JSON (default) or a Blob (an image or file the page shows or saves). */
  responseType?: 'json' | 'blob';
  /** Extra request headers (the offline queue's Idempotency-Key, issue 41). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (isApiErrorBody(body)) {
    return new ApiError(status, body.error.code, body.error.message, body.error.fields ?? {}, body.error.duplicate);
  }
  return new ApiError(status, 'unknown', GENERIC_ERROR_MESSAGE);
}

/**
 * The fetch-based client of every call (DESIGN.md "API conventions"): same origin under /api,
 * JSON by default, the bearer token from the authorization cookie, no request timeout
 * (member-app.md 9).
 */
export async function apiRequestWithResponse<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, signal, auth = true, redirectOnUnauthorized = true, responseType = 'json' } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = auth ? getToken() : undefined;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }

  const data = response.ok && responseType === 'blob' ? await response.blob() : await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token && redirectOnUnauthorized) {
      clearSession();
      unauthorizedHandler();
    }
    const error = toApiError(response.status, data);
    if (error.code === 'mfa_enrollment_required') mfaEnrollmentHandler();
    throw error;
  }
  return { data: data as T, headers: response.headers, status: response.status };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { data } = await apiRequestWithResponse<T>(path, options);
  return data;
}
