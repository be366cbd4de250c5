import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSISTED_QUERIES_MAX_AGE_MS } from '../lib/persisted-queries';
import { createQueryClient } from './query-client';

afterEach(() => vi.useRealTimers());

describe('createQueryClient', () => {
  it('keeps what the device keeps offline in memory as long: a project restored and not looked at again outlives TanStack’s five minutes', () => {
    vi.useFakeTimers();
    // What lib/query-persistence.ts restores at start: nobody is looking at it yet.
    const saved = new QueryClient();
    saved.setQueryData(['projects', 'detail', 7], { id: 7 });
    saved.setQueryData(['projects', 'list', { page: 1 }], { projects: [], total: 0 });
    saved.setQueryData(['user', 'profile'], { id: 41 });
    saved.setQueryData(['notifications', 'list'], []);
    const client = createQueryClient();
    hydrate(client, dehydrate(saved));

    vi.advanceTimersByTime(6 * 60 * 1000);
    expect(client.getQueryData(['projects', 'detail', 7])).toEqual({ id: 7 });
    expect(client.getQueryData(['projects', 'list', { page: 1 }])).toEqual({ projects: [], total: 0 });
    expect(client.getQueryData(['user', 'profile'])).toEqual({ id: 41 });
    // Anything else goes after the usual five minutes.
    expect(client.getQueryData(['notifications', 'list'])).toBeUndefined();

    vi.advanceTimersByTime(PERSISTED_QUERIES_MAX_AGE_MS);
    expect(client.getQueryData(['projects', 'detail', 7])).toBeUndefined();
    client.clear();
    saved.clear();
  });
});
