import { lt } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ClusterLocks } from '../../db/client.js';
import { webhookDeliveries } from '../../db/schema/index.js';
import { scheduleClusterJob } from '../../lib/schedule.js';

/** Deliveries (and their attempts) are kept this long for the delivery log, whatever their status. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 3600 * 1000;
export const WEBHOOK_PRUNE_INTERVAL_MS = 60 * 60_000;

/**
 * Deletes deliveries created more than 30 days ago, their attempts with them (cascade). A
 * delivery still pending then is long past its last retry (about 32 hours) or waits on an
 * endpoint turned off for a month. Answers how many it deleted.
 */
export async function pruneWebhookDeliveries(ctx: AppContext, now = new Date()): Promise<number> {
  const deleted = await ctx.db.delete(webhookDeliveries).where(lt(webhookDeliveries.created_at, new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS))).returning({ id: webhookDeliveries.id });
  return deleted.length;
}

/** pruneWebhookDeliveries now and every hour, once per cluster. Returns the stop function. */
export function scheduleWebhookPrune(ctx: AppContext, locks: ClusterLocks, intervalMs = WEBHOOK_PRUNE_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'webhook-prune',
    async () => {
      const deleted = await pruneWebhookDeliveries(ctx);
      if (deleted > 0) ctx.log.info({ deleted }, 'old webhook deliveries pruned');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'webhook delivery pruning failed'),
  );
}
