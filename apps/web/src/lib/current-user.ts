import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@sunin/contract';
import { apiRequest } from './api-client';
import { UI_MESSAGES } from './messages';

/**
 * GET /api/user/profile: the signed-in user. It lives in lib/ rather than features/users because
 * the member shell (user menu), the home page and the profile page all read it, and features
 * may not import each other (STYLE.md 5).
 */
export const currentUserQueryKey = ['user', 'profile'] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<User> {
  try {
    return await apiRequest<User>('/user/profile', { signal });
  } catch (error) {
    // member-app.md 8: a profile fetch failure is logged and rethrown.
    console.error(UI_MESSAGES.profileLoadFailed, error);
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
