import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicShare } from '@sunin/contract';
import { ApiError } from '../../../lib/api-client';
import { publicRequest, ShareGoneError, tokenPath } from './public-request';

export const publicShareKey = (token: string) => ['public-share', token] as const;

/** Customers have no live channel: the page asks again this often, and when the window regains focus. */
export const PUBLIC_SHARE_REFRESH_MS = 30_000;

/** GET /api/public/shares/:token -> what the customer's page shows; 410 ShareGone, 404 unknown. */
export function getPublicShare(token: string, signal?: AbortSignal): Promise<PublicShare> {
  return publicRequest<PublicShare>(tokenPath(token), { signal });
}

/** A link that is gone or unknown stays so: no retries, no polling. */
const isFinal = (error: unknown) => error instanceof ShareGoneError || (error instanceof ApiError && error.status === 404);

export const publicShareQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicShareKey(token),
    queryFn: ({ signal }) => getPublicShare(token, signal),
    refetchInterval: (query) => (query.state.error && isFinal(query.state.error) ? false : PUBLIC_SHARE_REFRESH_MS),
    // Always fresh on focus: the customer comes back to see whether the project moved.
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: (failures, error) => !(error instanceof ShareGoneError) && !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });

export function usePublicShare(token: string) {
  return useQuery(publicShareQueryOptions(token));
}
