import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MIN_SAVING_SPINNER_MS, type ProfileEditInput, type User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { saveIdentity } from '../../../lib/session';
import { withMinimumDuration } from '../../../lib/timing';

/** The profile update payload of member-app.md 7 (the contract's). */
export type ProfileUpdate = ProfileEditInput;

/** POST /api/user/profile/edit {user} -> the updated user. */
export async function updateProfile(user: ProfileUpdate): Promise<User> {
  return apiRequest<User>('/user/profile/edit', { method: 'POST', body: { user } });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // The saving spinner stays at least 1.5 s (member-app.md 9).
    mutationFn: (user: ProfileUpdate) => withMinimumDuration(updateProfile(user), MIN_SAVING_SPINNER_MS),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      saveIdentity(user);
    },
  });
}
