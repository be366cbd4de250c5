import type { ApiErrorBody, ErrorCode } from '@sunin/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, PossibleDuplicate, RangeNotSatisfiable } from '../lib/app-error.js';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, fields?: Record<string, string>, duplicate?: ApiErrorBody['error']['duplicate']) {
  const body: ApiErrorBody = { error: { code, message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}), ...(duplicate ? { duplicate } : {}) } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Field names as the client knows them: `/user/email` in a `{user: {...}}` body is `email`;
 * query and path parameters keep their own names.
 */
type ValidationIssue = { keyword?: string; instancePath: string; message?: string; params?: { keys?: unknown } };

function fieldName(segments: string[], context: string | undefined): string {
  return (context === 'body' && segments.length > 1 ? segments.slice(1) : segments).join('.') || context || 'request';
}

/** The keys an object did not know (strict-input.ts), each named as the client knows it. */
function unknownKeysOf(issues: ValidationIssue[], context: string | undefined): string[] {
  return issues.flatMap((issue) => {
    if (issue.keyword !== 'unrecognized_keys' || !Array.isArray(issue.params?.keys)) return [];
    const at = issue.instancePath.split('/').filter(Boolean);
    return issue.params.keys.map((key) => fieldName([...at, String(key)], context));
  });
}

const UNKNOWN_FIELD = 'Unknown field.';
function unknownFieldsMessage(names: string[]): string {
  return names.length === 1 ? `Unknown field: ${names[0]}.` : `Unknown fields: ${names.join(', ')}.`;
}

function fieldsFromValidation(error: FastifyError & { validation: ValidationIssue[] }, context: string | undefined) {
  const fields: Record<string, string> = {};
  for (const name of unknownKeysOf(error.validation, context)) fields[name] = UNKNOWN_FIELD;
  for (const issue of error.validation) {
    if (issue.keyword === 'unrecognized_keys') continue;
    fields[fieldName(issue.instancePath.split('/').filter(Boolean), context)] ??= issue.message ?? 'Invalid value.';
  }
  return fields;
}

/** Socket errors and PostgreSQL's SQLSTATEs of a server that is stopping, starting or gone. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown: the server is stopping (fast or immediate)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);
/** What node-postgres and its pool say when the connection is gone or never came. */
const UNAVAILABLE_MESSAGE = /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed/i;

/**
 * Drizzle wraps a driver error (DrizzleQueryError, "Failed query: ...") with the original as
 * its `cause`: the whole chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The one error handler (STYLE.md 3): every failure leaves as `{error: {code, message, fields?}}`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RangeNotSatisfiable) reply.header('Content-Range', `bytes */${error.size}`);
    if (error instanceof AppError) return send(reply, error.statusCode, error.code, error.message, error.fields, error instanceof PossibleDuplicate ? error.duplicate : undefined);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const topLevel = error.validation.some((issue) => (issue.instancePath === '' || issue.instancePath === '/') && issue.keyword !== 'unrecognized_keys');
      if (context === 'body' && topLevel) {
        return send(reply, 400, 'bad_request', 'The request body must be a JSON object in the documented shape.', fieldsFromValidation(error, context));
      }
      const fields = fieldsFromValidation(error, context);
      // A misspelled key is named first: it is usually why the other fields look missing.
      const unknown = unknownKeysOf(error.validation, context);
      const message = unknown.length > 0 ? unknownFieldsMessage(unknown) : Object.values(fields)[0];
      return send(reply, 422, 'validation_failed', message ?? 'Invalid request.', fields);
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(reply, 500, 'internal', GENERIC_500);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'bad_request', 'The request body is not valid JSON.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'payload_too_large', 'The request body is too large.');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'unsupported_media_type', 'This content type is not accepted here.');
      default:
        break;
    }

    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, 'rate_limited', 'Too many attempts. Please wait a moment and try again.');
    if (status === 404) return send(reply, 404, 'not_found', 'Not found.');
    if (status >= 400 && status < 500) return send(reply, status === 413 ? 413 : 400, status === 413 ? 'payload_too_large' : 'bad_request', error.message);
    if (status === 503) return send(reply, 503, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');

    // Database unreachable (PostgreSQL restarting): a clean 503 the client may retry.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, 'service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal', GENERIC_500);
  });
});
