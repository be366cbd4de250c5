import { isValidEmail } from '@sunin/contract';
import { useAvailability } from '../../../lib/use-availability';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/email-is-valid?email=x: validEmail true means the address is free. */
export async function checkEmailAvailable(email: string, signal?: AbortSignal): Promise<boolean> {
  const { validEmail } = await apiRequest<{ validEmail: boolean }>('/email-is-valid', {
    query: { email },
    signal,
    auth: false,
  });
  return validEmail;
}

/** The signup wizard's live email check (500 ms debounce; only for well-formed addresses). */
export function useEmailAvailability(email: string) {
  return useAvailability(email, isValidEmail, { name: 'email-available', check: checkEmailAvailable });
}
