import type { StoredFile } from '@sunin/contract';

const takenFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "Taken 6 Dec 2026, 14:03" in the reader's time zone; '' without a time. */
export function takenText(takenAt: string | null): string {
  if (!takenAt) return '';
  const date = new Date(takenAt);
  return Number.isNaN(date.getTime()) ? '' : `Taken ${takenFormat.format(date)}`;
}

/** "37.7749, -122.4194": four decimals, about 10 m, enough to find the roof. */
export const coordinatesText = (latitude: number, longitude: number) => `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

/**
 * A photo's capture time and position (issue 41 item 2), as the device read them from its
 * EXIF. The coordinates link to OpenStreetMap; nothing is loaded from there unless the
 * partner follows the link.
 */
export function CaptureLine({ photo }: { photo: Pick<StoredFile, 'taken_at' | 'latitude' | 'longitude'> }) {
  const taken = takenText(photo.taken_at);
  const hasPosition = photo.latitude !== null && photo.longitude !== null;
  if (!taken && !hasPosition) return null;
  return (
    <p className="text-xs text-ink-600">
      {taken}
      {taken && hasPosition && ' · '}
      {hasPosition && (
        <a
          href={`https://www.openstreetmap.org/?mlat=${photo.latitude}&mlon=${photo.longitude}#map=18/${photo.latitude}/${photo.longitude}`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline"
          aria-label={`Position ${coordinatesText(photo.latitude!, photo.longitude!)} on OpenStreetMap (opens a new tab)`}
        >
          {coordinatesText(photo.latitude!, photo.longitude!)}
        </a>
      )}
    </p>
  );
}
