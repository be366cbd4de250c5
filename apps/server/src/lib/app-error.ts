import { ERROR_STATUS, type ErrorCode } from '@sunin/contract';

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
