import { useMutation } from '@tanstack/react-query';
import { pushTestResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/push/test -> how many of the caller's devices a test notification was queued for. */
export async function sendTestPush(): Promise<number> {
  return pushTestResponseSchema.parse(await apiRequest<unknown>('/push/test', { method: 'POST' })).queued;
}

export function useSendTestPush() {
  return useMutation({ mutationFn: sendTestPush });
}
