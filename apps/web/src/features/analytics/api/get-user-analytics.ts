import { queryOptions, useQuery } from '@tanstack/react-query';
import { userAnalyticsSchema, type UserAnalytics } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { rangeSearch, type AnalyticsRangeQuery } from './range-query';

export const userAnalyticsKey = (range: AnalyticsRangeQuery) => ['user', 'analytics', range] as const;

/** GET /api/user/analytics?from&to: the caller's own figures, checked against the contract. */
export async function getUserAnalytics(range: AnalyticsRangeQuery, signal?: AbortSignal): Promise<UserAnalytics> {
  return userAnalyticsSchema.parse(await apiRequest<unknown>(`/user/analytics${rangeSearch(range)}`, { signal }));
}

export const userAnalyticsQueryOptions = (range: AnalyticsRangeQuery) =>
  queryOptions({ queryKey: userAnalyticsKey(range), queryFn: ({ signal }) => getUserAnalytics(range, signal) });

export function useUserAnalytics(range: AnalyticsRangeQuery) {
  return useQuery(userAnalyticsQueryOptions(range));
}
