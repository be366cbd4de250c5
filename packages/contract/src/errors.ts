/**
 * The one error shape of the API (DESIGN.md "API conventions"):
 * `{"error": {"code": "...", "message": "...", "fields": {...}}}`.
 * Codes are listed once here; the server maps each to its HTTP status.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  invalid_credentials: 401,
  /** The password was right and two-factor is on: send the same body again with user.otp_code. */
  mfa_required: 401,
  /** ADMIN_MFA_REQUIRED: a full_access_admin must turn on two-factor before the admin area. */
  mfa_enrollment_required: 403,
  payment_required: 402,
  forbidden: 403,
  /** An API token without the scope the route needs, or a route tokens may not call (issue 40 item 1). */
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  /**
   * POST /api/projects: the caller already has a project at this site (issue 37 item 6); the
   * body names it in `duplicate`, and sending the project again with `allow_duplicate: true` creates it.
   */
  possible_duplicate: 409,
  /**
   * A site already registered or already a project (issue 39 item 3): the message says which;
   * `fields.conflict` is one of LEAD_CONFLICTS.
   */
  site_taken: 409,
  /** A customer link that expired or was revoked (issue 36 item 1). */
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** A download's Range lies wholly past the file's end; the Content-Range header gives the size. */
  range_not_satisfiable: 416,
  rule_broken: 422,
  /** A payout to a partner who has not given their W-9 tax form (issue 38 item 1). */
  tax_form_required: 422,
  invalid_token: 422,
  /** A partner at their limit of open registrations (issue 39 item 3). */
  registration_limit: 422,
  /** The public lead form failed its bot checks (honeypot, timing, form token): reload and send again. */
  form_refused: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** With `possible_duplicate`: the project already at this site. */
    duplicate?: { id: number; company_name: string; address: string; project_stage: string };
  };
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
