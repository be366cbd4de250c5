import { useOnlineStatus } from '../../lib/network-status';

/**
 * Only what is true offline: the screens show what was loaded before, and the field work of
 * issue 41 (photos, notes, utility values) is queued on the device; other forms need a connection.
 */
export const OFFLINE_MESSAGE = "You're offline. Showing what you last saw; photos, notes and utility values you add wait to upload.";

/**
 * The member and admin shells' offline indicator (issue 41 item 1), under the top bar. The
 * status region is always there, empty while online, so that screen readers announce the text
 * when the connection drops and see it go when it returns.
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div role="status" className={online ? undefined : 'border-b border-ink-800 bg-ink-800 px-4 py-2 text-sm text-white sm:px-6'}>
      {!online && (
        <p className="flex items-start gap-2">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" strokeLinejoin="round" d="M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 4.2-2.6M12 20h.01M1.5 9.2a15 15 0 0 1 4.4-2.8m5-.9a15 15 0 0 1 11.6 3.7" />
          </svg>
          <span>{OFFLINE_MESSAGE}</span>
        </p>
      )}
    </div>
  );
}
