import { useQuery } from '@tanstack/react-query';
import type { Account, Project, Referral } from '@sunin/contract';
import { getList } from '../../../lib/paged-list';

export type StageFilter = 'working' | 'archived';

const userRecordsKey = (userId: number) => ['admin', 'users', 'records', userId] as const;

/** GET /api/admin/users/:id/referrals -> the user's referrals (leads). */
export function useUserReferrals(userId: number) {
  return useQuery({
    queryKey: [...userRecordsKey(userId), 'referrals'],
    queryFn: ({ signal }) => getList<Referral>(`/admin/users/${userId}/referrals`, undefined, signal),
  });
}

/** GET /api/admin/users/:id/accounts -> the user's accounts. */
export function useUserAccounts(userId: number) {
  return useQuery({
    queryKey: [...userRecordsKey(userId), 'accounts'],
    queryFn: ({ signal }) => getList<Account>(`/admin/users/${userId}/accounts`, undefined, signal),
  });
}

/**
 * GET /api/admin/users/:id/projects?stage_filter -> working (not Archived) or archived projects.
 * All of them in one call (the server's maximum page); the table pages them by 8 itself.
 */
export function useUserProjects(userId: number, stageFilter: StageFilter) {
  return useQuery({
    queryKey: [...userRecordsKey(userId), 'projects', stageFilter],
    queryFn: ({ signal }) => getList<Project>(`/admin/users/${userId}/projects`, { stage_filter: stageFilter, per_page: 100 }, signal),
  });
}
