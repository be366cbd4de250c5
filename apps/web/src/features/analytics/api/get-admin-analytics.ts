import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminAnalyticsSchema, type AdminAnalytics } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { rangeSearch, type AnalyticsRangeQuery } from './range-query';

export const adminAnalyticsKey = (range: AnalyticsRangeQuery) => ['admin', 'analytics', range] as const;

/** GET /api/admin/analytics?from&to: the company-wide figures, checked against the contract. */
export async function getAdminAnalytics(range: AnalyticsRangeQuery, signal?: AbortSignal): Promise<AdminAnalytics> {
  return adminAnalyticsSchema.parse(await apiRequest<unknown>(`/admin/analytics${rangeSearch(range)}`, { signal }));
}

export const adminAnalyticsQueryOptions = (range: AnalyticsRangeQuery) =>
  queryOptions({ queryKey: adminAnalyticsKey(range), queryFn: ({ signal }) => getAdminAnalytics(range, signal) });

export function useAdminAnalytics(range: AnalyticsRangeQuery) {
  return useQuery(adminAnalyticsQueryOptions(range));
}
