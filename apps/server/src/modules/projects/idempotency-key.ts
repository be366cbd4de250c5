import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@sunin/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/**
 * The request's Idempotency-Key (issue 41 item 2), when it sends one: a UUID the client made for
 * one write, stored as the row's client_ref (unique per project). Anything else answers 422.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? undefined : header.trim());
  if (!parsed.success) throw new AppError('validation_failed', IDEMPOTENCY_KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_MESSAGE });
  return parsed.data.toLowerCase();
}
