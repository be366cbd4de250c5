import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MIN_SAVING_SPINNER_MS, type SignupAccountType, type User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { saveIdentity } from '../../../lib/session';
import { withMinimumDuration } from '../../../lib/timing';

/** The profile update payload of member-app.md 7. */
export interface ProfileUpdate {
  user_name: string;
  first_name: string;
  last_name: string;
  /** Carried through unchanged; omitted for account types a member cannot set (admins). */
  account_type?: SignupAccountType;
  member_level: string;
  email: string;
  phone_number: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zip: string;
}

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
