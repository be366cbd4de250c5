import { Alert } from './alert';
import { textLinkClasses } from './text-link';

export const REFRESH_FAILED_MESSAGE = 'Could not refresh: showing what you last saw.';

/**
 * Whether a query failed to refresh but still holds an earlier answer (a poor signal: the browser
 * says online, the requests fail; or a project restored from the device, issue 41). Such a
 * screen keeps showing that answer with `RefreshFailedNotice` above it rather than an error.
 */
export const refreshFailedWithData = (query: { isError: boolean; data: unknown }) => query.isError && query.data !== undefined;

/** A small note over data that could not be refreshed, with Retry. */
export function RefreshFailedNotice({ onRetry, retrying, className = '' }: { onRetry: () => unknown; retrying: boolean; className?: string }) {
  return (
    <Alert tone="info" className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 ${className}`}>
      <span>{REFRESH_FAILED_MESSAGE}</span>
      <button type="button" className={textLinkClasses} onClick={() => void onRetry()} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </Alert>
  );
}
