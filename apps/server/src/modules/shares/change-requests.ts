import { SHARE_MESSAGES } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import { shareChangeRequests } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { createNotifications, fullAccessAdminIds, publishNotifications } from '../notifications/notifications.service.js';
import { reviseForCustomer } from '../proposals/proposals.service.js';
import { findLiveShare } from './share-access.js';
import { projectOwner } from './shares.service.js';

/** How much of the note a notification quotes; the whole note is in the ticket's history and the row. */
const NOTE_PREVIEW = 200;

/**
 * POST /api/public/shares/{token}/change-requests (issue 36 item 5): a live, unsigned link
 * only (410 gone, 409 signed). The note is stored; the partner and every full-access admin are
 * told; a terminal proposal ticket becomes a revision request with a new 48-hour clock.
 */
export async function createChangeRequest(ctx: AppContext, token: string, input: { name: string; email: string; note: string }): Promise<{ message: string; created_at: string }> {
  const { created, notified, revised, partner } = await ctx.db.transaction(async (tx) => {
    const { share, project } = await findLiveShare(tx, token, { lock: true });
    if (share.signed_at) throw new AppError('conflict', SHARE_MESSAGES.alreadySigned);
    const [row] = await tx.insert(shareChangeRequests).values({ share_id: share.id, name: input.name, email: input.email, note: input.note }).returning();
    if (!row) throw new Error('insert returned no row');
    const { ticket, revised } = await reviseForCustomer(tx, project, input, row.created_at);
    const owner = await projectOwner(tx, project);
    const company = project.company_name || `project #${project.id}`;
    const note = input.note.length > NOTE_PREVIEW ? `${input.note.slice(0, NOTE_PREVIEW - 1)}…` : input.note;
    const notified = await createNotifications(tx, [owner.id, ...(await fullAccessAdminIds(tx))], {
      kind: 'customer_responses',
      title: revised ? 'Customer asked for a revision' : 'Customer asked for changes',
      message: `${input.name} asked for changes to the proposal for ${company} (project #${project.id}): ${note}`,
      subject: ticket ? { project_id: project.id, proposal_ticket_id: ticket.id } : { project_id: project.id },
    });
    return { created: row.created_at, notified, revised, partner: `${owner.first_name} ${owner.last_name}`.trim() };
  });
  await publishNotifications(ctx, notified);
  // A revision wrote its proposal.status_changed webhooks in the transaction.
  if (revised) ctx.webhooks.wake();
  const message = revised
    ? `Thank you. Your request went to ${partner} and our engineering team, who will revise the proposal. The new version will appear at this link.`
    : `Thank you. ${partner} has your note and will be in touch about the proposal.`;
  return { message, created_at: created.toISOString() };
}
