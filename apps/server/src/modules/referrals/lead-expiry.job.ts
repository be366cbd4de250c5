import type { AppContext } from '../../app-context.js';
import type { ClusterLocks } from '../../db/client.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { announceLeadChanges, expireLeads } from './lead-rules.js';

export const LEAD_EXPIRY_INTERVAL_MS = 10 * 60_000;

/**
 * Marks every open lead past its expiry 'expired' and tells each partner concerned (one
 * leads_changed each) and the admin queues. Until it runs, lists and the site rules already read
 * such a lead as expired (lead-answer.ts effectiveLeadStatus, lead-rules.ts holdSite). Answers
 * how many it marked.
 */
export async function expireDueLeads(ctx: AppContext, now = new Date()): Promise<number> {
  const expired = await ctx.db.transaction((tx) => expireLeads(tx, now));
  await announceLeadChanges(ctx, expired);
  return expired.length;
}

/** expireDueLeads now and every 10 minutes, once per cluster. Returns the stop function. */
export function scheduleLeadExpiry(ctx: AppContext, locks: ClusterLocks, intervalMs = LEAD_EXPIRY_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'lead-expiry',
    async () => {
      const expired = await expireDueLeads(ctx);
      if (expired > 0) ctx.log.info({ expired }, 'lead registrations expired');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'lead expiry failed'),
  );
}
