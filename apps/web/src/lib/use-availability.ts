import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EMAIL_CHECK_DEBOUNCE_MS } from '@sunin/contract';
import { useDebouncedValue } from './use-debounced-value';

export type Availability = 'idle' | 'checking' | 'available' | 'taken' | 'error';

export interface AvailabilityCheck {
  /** Names the cache entry: ['signup', name, value]. */
  name: string;
  /** Resolves true when the value is free. */
  check: (value: string, signal?: AbortSignal) => Promise<boolean>;
}

/**
 * Live "is this free?" check (member-app.md 5): the value is lowercased and checked with the
 * server once it has stopped changing for 500 ms. `ensure()` checks at once: the Next and
 * Sign Up buttons wait for it instead of the debounce.
 */
export function useAvailability(rawValue: string, isWellFormed: (value: string) => boolean, { name, check }: AvailabilityCheck) {
  const queryClient = useQueryClient();
  const value = rawValue.trim().toLowerCase();
  const debounced = useDebouncedValue(value, EMAIL_CHECK_DEBOUNCE_MS);
  const [checkNow, setCheckNow] = useState<string | null>(null);
  const target = checkNow === value ? value : debounced;
  const wellFormed = isWellFormed(value);

  const optionsFor = useCallback(
    (candidate: string) => ({
      queryKey: ['signup', name, candidate],
      queryFn: ({ signal }: { signal: AbortSignal }) => check(candidate, signal),
      staleTime: 30_000,
      retry: false,
    }),
    [check, name],
  );

  const query = useQuery({ ...optionsFor(target), enabled: wellFormed && target === value });

  let status: Availability;
  if (!wellFormed) status = 'idle';
  else if (target !== value || query.isFetching) status = 'checking';
  else if (query.isError) status = 'error';
  else if (query.data === true) status = 'available';
  else if (query.data === false) status = 'taken';
  else status = 'checking';

  const ensure = useCallback(async (): Promise<Availability> => {
    if (!isWellFormed(value)) return 'idle';
    setCheckNow(value);
    try {
      return (await queryClient.fetchQuery(optionsFor(value))) ? 'available' : 'taken';
    } catch {
      return 'error';
    }
  }, [isWellFormed, optionsFor, queryClient, value]);

  return { status, ensure };
}
