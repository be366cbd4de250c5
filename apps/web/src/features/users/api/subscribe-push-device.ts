import { pushSubscriptionResponseSchema, type PushSubscriptionInfo } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/push/subscriptions with the browser's subscription (its toJSON()) -> the device as the server names it. */
export async function subscribePushDevice(subscription: PushSubscriptionJSON): Promise<PushSubscriptionInfo> {
  return pushSubscriptionResponseSchema.parse(await apiRequest<unknown>('/push/subscriptions', { method: 'POST', body: subscription })).push_subscription;
}
