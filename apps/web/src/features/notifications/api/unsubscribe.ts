import { useMutation } from '@tanstack/react-query';
import { unsubscribeResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { UnsubscribeTarget } from './describe-unsubscribe';

/** POST /api/unsubscribe?token=T (no body, no sign-in): that one event type is no longer emailed. */
export async function unsubscribe(token: string): Promise<UnsubscribeTarget> {
  return unsubscribeResponseSchema.parse(await apiRequest<unknown>('/unsubscribe', { method: 'POST', query: { token }, auth: false })).unsubscribe;
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
