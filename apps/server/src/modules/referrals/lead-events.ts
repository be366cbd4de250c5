import { LEADS_CHANGED_EVENT } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';

/**
 * Tells the partner's open Referrals page that one of their leads changed (issue 39 item 4).
 * Called after the change's transaction commits; a lead of nobody tells no one.
 */
export async function publishLeadChanged(ctx: AppContext, userId: number | null, leadId: number): Promise<void> {
  if (userId === null) return;
  await ctx.bus.publish({ userId, event: { type: LEADS_CHANGED_EVENT, payload: { lead_id: leadId } } });
}
