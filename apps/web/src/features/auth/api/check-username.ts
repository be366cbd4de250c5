import { usernameField } from '@sunin/contract';
import { useAvailability } from '../../../lib/use-availability';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/username-is-valid?user_name=x: validUsername true means the name is free. */
export async function checkUsernameAvailable(userName: string, signal?: AbortSignal): Promise<boolean> {
  const { validUsername } = await apiRequest<{ validUsername: boolean }>('/username-is-valid', {
    query: { user_name: userName },
    signal,
    auth: false,
  });
  return validUsername;
}

const isWellFormedUsername = (value: string) => usernameField.safeParse(value).success;

/** The signup wizard's live username check, debounced like the email check. */
export function useUsernameAvailability(userName: string) {
  return useAvailability(userName, isWellFormedUsername, { name: 'username-available', check: checkUsernameAvailable });
}
