import { ERROR_STATUS, duplicateMessage, type ApiErrorBody, type ErrorCode } from '@sunin/contract';

/** The one error type of the server (STYLE.md 3); the error handler maps `code` to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found.`);

/**
 * A signed-in member's proof of identity failed: a wrong current password, or a wrong code
 * when turning two-factor off. Counted per account like a failed sign-in (ASVS 6.3.1:
 * plugins/rate-limits.ts `reauthFailures`), so a stolen token cannot be used to guess the
 * password behind it.
 */
export class ReauthenticationFailed extends AppError {
  constructor(message: string, fields: Record<string, string>) {
    super('rule_broken', message, fields);
    this.name = 'ReauthenticationFailed';
  }
}

/**
 * POST /api/projects: the caller already has a project at the new one's site (issue 37 item 6).
 * 409 `possible_duplicate`, the body naming that project in `error.duplicate`.
 */
export class PossibleDuplicate extends AppError {
  readonly duplicate: NonNullable<ApiErrorBody['error']['duplicate']>;

  constructor(duplicate: NonNullable<ApiErrorBody['error']['duplicate']>) {
    super('possible_duplicate', duplicateMessage(duplicate));
    this.name = 'PossibleDuplicate';
    this.duplicate = duplicate;
  }
}

/**
 * A download's Range header asks only for bytes past the file's end (RFC 9110 15.5.17): 416
 * `range_not_satisfiable`, with a Content-Range header that gives the file's size.
 */
export class RangeNotSatisfiable extends AppError {
  readonly size: number;

  constructor(size: number) {
    super('range_not_satisfiable', 'The requested range is outside the file.');
    this.name = 'RangeNotSatisfiable';
    this.size = size;
  }
}
