import { EmptyState } from './empty-state';

/**
 * Whether a query is waiting for a connection with nothing to show: offline, TanStack Query
 * pauses it (networkMode 'online') instead of failing, and nothing was kept on this device for
 * it (lib/query-persistence.ts).
 */
export const isWaitingForNetwork = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'paused';

/** In place of a spinner that would turn forever: what was never opened online cannot be shown offline (issue 41). */
export function OfflineUnavailable({ message, className = '' }: { message: string; className?: string }) {
  return (
    <EmptyState title="Not available offline" className={className}>
      {message}
    </EmptyState>
  );
}
