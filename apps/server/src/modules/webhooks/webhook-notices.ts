import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { users, type WebhookEndpointRow } from '../../db/schema/index.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';

/**
 * Tells an endpoint's owner it was turned off after five days of failures (issue 40 item 3): a
 * bell notification of kind `integrations` and an email, both written in the transaction that
 * turns it off. The email is sent whatever the owner's preferences (the kind is not one they
 * choose): their integration stopped and only they can fix it. Answers what to do after the
 * commit: push the notification, wake the mailer.
 */
export async function tellOwnerEndpointDisabled(ctx: AppContext, tx: Executor, endpoint: WebhookEndpointRow): Promise<() => Promise<void>> {
  const [owner] = await tx.select({ email: users.email, first_name: users.first_name }).from(users).where(eq(users.id, endpoint.user_id)).limit(1);
  const host = new URL(endpoint.url).host;
  const notified = await createNotifications(tx, [endpoint.user_id], {
    kind: 'integrations',
    title: 'Webhook endpoint turned off',
    message: `Deliveries to ${host} failed for five days, so the endpoint was turned off. Fix the receiver, then turn it on again in your profile.`,
    subject: null,
  });
  if (owner) {
    await ctx.mailer.enqueue(tx, {
      to: owner.email,
      subject: 'Your webhook endpoint was turned off',
      text:
        `Hello ${owner.first_name},\n\n` +
        `Every delivery to your webhook endpoint at ${host} (endpoint #${endpoint.id}) has failed for five days, so the SunIn Partner Portal turned it off and stopped retrying its pending deliveries.\n\n` +
        `Its delivery log shows each attempt's answer. Once the receiver works again, turn the endpoint on in your profile (${ctx.config.appUrl}/profile) and replay the deliveries you need.\n`,
    });
  }
  return async () => {
    await publishNotifications(ctx, notified);
    ctx.mailer.wake();
  };
}
