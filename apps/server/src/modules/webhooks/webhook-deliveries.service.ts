import { WEBHOOK_TEST_EVENT, type PageQuery, type WebhookDelivery, type WebhookMessage } from '@sunin/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { webhookAttempts, webhookDeliveries, type WebhookAttemptRow, type WebhookDeliveryRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { offsetOf } from '../../lib/pagination.js';
import { findVisibleEndpoint, type WebhookCaller } from './webhook-endpoints.service.js';
import { newMessageId } from './webhook-events.js';

export function toWebhookDeliveryResponse(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    payload: JSON.parse(row.body) as unknown,
    attempt_log: attempts.map((attempt) => ({
      id: attempt.id,
      attempted_at: attempt.attempted_at.toISOString(),
      duration_ms: attempt.duration_ms,
      status_code: attempt.status_code,
      error: attempt.error,
      response_excerpt: attempt.response_excerpt,
    })),
  };
}

/** GET /api/webhook_endpoints/{id}/deliveries: the endpoint's delivery log, newest first, each with its attempts newest first. */
export async function listWebhookDeliveries(ctx: AppContext, caller: WebhookCaller, endpointId: number, page: PageQuery): Promise<{ deliveries: WebhookDelivery[]; total: number }> {
  await findVisibleEndpoint(ctx, ctx.db, caller, endpointId);
  const where = eq(webhookDeliveries.endpoint_id, endpointId);
  const [[totals], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
    ctx.db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id)).limit(page.per_page).offset(offsetOf(page)),
  ]);
  const attempts = rows.length === 0 ? [] : await ctx.db.select().from(webhookAttempts).where(inArray(webhookAttempts.delivery_id, rows.map((row) => row.id))).orderBy(desc(webhookAttempts.attempted_at), desc(webhookAttempts.id));
  return { deliveries: rows.map((row) => toWebhookDeliveryResponse(row, attempts.filter((attempt) => attempt.delivery_id === row.id))), total: totals?.n ?? 0 };
}

/**
 * POST .../deliveries/{delivery_id}/replay: a new delivery of the same body and `webhook-id`,
 * due now (a receiver that deduplicates on the id sees it as the same message, by design).
 */
export async function replayWebhookDelivery(ctx: AppContext, caller: WebhookCaller, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
  await findVisibleEndpoint(ctx, ctx.db, caller, endpointId);
  const [original] = await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpoint_id, endpointId))).limit(1);
  if (!original) throw new AppError('not_found', 'Delivery not found.');
  return insertDelivery(ctx, { endpoint_id: endpointId, message_id: original.message_id, event_type: original.event_type, body: original.body });
}

/** POST /api/webhook_endpoints/{id}/test: one `webhook.test` delivery to this endpoint, whatever it chose. */
export async function sendTestWebhook(ctx: AppContext, caller: WebhookCaller, endpointId: number): Promise<WebhookDelivery> {
  await findVisibleEndpoint(ctx, ctx.db, caller, endpointId);
  const message: WebhookMessage = { type: WEBHOOK_TEST_EVENT, timestamp: new Date().toISOString(), data: { endpoint_id: endpointId, message: 'A test event from the SunIn Partner Portal.' } };
  return insertDelivery(ctx, { endpoint_id: endpointId, message_id: newMessageId(), event_type: WEBHOOK_TEST_EVENT, body: JSON.stringify(message) });
}

async function insertDelivery(ctx: AppContext, values: Pick<typeof webhookDeliveries.$inferInsert, 'endpoint_id' | 'message_id' | 'event_type' | 'body'>): Promise<WebhookDelivery> {
  const [row] = await ctx.db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  ctx.webhooks.wake();
  return toWebhookDeliveryResponse(row, []);
}
