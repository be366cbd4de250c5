import { vapidPublicKeyResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/push/vapid_public_key -> the server's VAPID public key (base64url); 503 when push is not set up on the server. */
export async function getVapidPublicKey(): Promise<string> {
  return vapidPublicKeyResponseSchema.parse(await apiRequest<unknown>('/push/vapid_public_key')).public_key;
}
