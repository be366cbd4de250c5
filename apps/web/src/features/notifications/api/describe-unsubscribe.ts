import { queryOptions, useQuery } from '@tanstack/react-query';
import { unsubscribeResponseSchema, type UnsubscribeResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export type UnsubscribeTarget = UnsubscribeResponse['unsubscribe'];

/**
 * GET /api/unsubscribe?token=T -> the event type an email's unsubscribe link turns off, and
 * whether it is still emailed. Public: the signed token is the whole authority, so no bearer
 * token is sent. Changes nothing (link scanners open links).
 */
export async function describeUnsubscribe(token: string, signal?: AbortSignal): Promise<UnsubscribeTarget> {
  return unsubscribeResponseSchema.parse(await apiRequest<unknown>('/unsubscribe', { query: { token }, signal, auth: false })).unsubscribe;
}

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['unsubscribe', token] as const, queryFn: ({ signal }) => describeUnsubscribe(token, signal), staleTime: Infinity });

export function useUnsubscribeTarget(token: string) {
  return useQuery({ ...unsubscribeQueryOptions(token), enabled: token !== '' });
}
