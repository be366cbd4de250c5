import { useEffect, useRef } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { THUMBNAIL_SCROLL_PX, type StoredFile } from '@sunin/contract';
import { HorizontalScroller } from '../../../components/ui/horizontal-scroller';
import { downloadUrl, secureUrl } from '../../../lib/secure-url';
import { ChevronIcon } from '../../../components/ui/chevron-icon';
import { scrollBehavior } from '../../../lib/motion';

/** The neighbour of `index` in a list of `count`, wrapping around at both ends (member-app.md 9). */
export function wrapIndex(index: number, delta: number, count: number): number {
  return count === 0 ? 0 : (((index + delta) % count) + count) % count;
}

interface LightboxProps {
  photos: StoredFile[];
  /** The open photo; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDelete: (photo: StoredFile) => void;
}

const iconButton = 'rounded-lg p-2 text-white hover:bg-white/15';

/**
 * The photo preview (member-app.md 2 "Assets"): previous and next wrap around at both ends, the
 * arrow keys do the same, Escape closes (Headless UI), and a thumbnail strip scrolls by 250 px
 * with its own buttons. Download and Delete act on the photo shown.
 */
export function Lightbox({ photos, index, onIndexChange, onClose, onDelete }: LightboxProps) {
  const count = photos.length;
  const open = index !== null && count > 0;
  const current = open ? Math.min(index, count - 1) : 0;
  const photo = photos[current];
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);

  // Keep the shown photo's thumbnail in view as the member steps through.
  useEffect(() => {
    if (open) thumbnails.current[current]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest', behavior: scrollBehavior() });
  }, [open, current]);

  const step = (delta: number) => onIndexChange(wrapIndex(current, delta, count));

  // The arrow keys step wherever focus is while the preview is open (a click on the photo
  // itself leaves focus on the page body). Escape closes it here too: after a confirmation
  // dialog has opened and closed over the preview, Headless UI does not always give Escape
  // back to the preview.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !['ArrowLeft', 'ArrowRight', 'Escape'].includes(event.key)) return;
      // Leave the keys alone while a confirmation is open on top of the preview.
      if (document.querySelectorAll('[role="dialog"]').length > 1) return;
      event.preventDefault();
      if (event.key === 'Escape') onClose();
      else onIndexChange(wrapIndex(current, event.key === 'ArrowLeft' ? -1 : 1, count));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, current, count, onIndexChange, onClose]);

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink-900" />
      <div className="fixed inset-0 flex">
        {photo && (
          <DialogPanel className="flex h-full w-full flex-col text-white">
            <div className="flex items-center gap-2 px-3 py-2 sm:px-5">
              <div className="min-w-0 flex-1">
                <DialogTitle className="truncate text-sm font-semibold sm:text-base">{photo.name}</DialogTitle>
                <p className="text-xs text-white/70" aria-live="polite">
                  Photo {current + 1} of {count}
                </p>
              </div>
              <a href={downloadUrl(photo.url)} download className={iconButton} aria-label={`Download ${photo.name}`}>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" strokeLinejoin="round" d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
                </svg>
              </a>
              <button type="button" className={iconButton} onClick={() => onDelete(photo)} aria-label={`Delete ${photo.name}`}>
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" strokeLinejoin="round" d="M5 7h14M10 11v6m4-6v6M6 7l1 12h10l1-12M9 7V4h6v3" />
                </svg>
              </button>
              <button type="button" className={iconButton} onClick={onClose} aria-label="Close preview">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>

            <div className="relative flex min-h-0 flex-1 items-center justify-center px-12 sm:px-16">
              <img src={secureUrl(photo.url)} alt={photo.name} className="size-full object-contain" />
              <button type="button" className={`${iconButton} absolute top-1/2 left-1 -translate-y-1/2 sm:left-3`} onClick={() => step(-1)} aria-label="Previous photo">
                <ChevronIcon direction="left" className="size-7" />
              </button>
              <button type="button" className={`${iconButton} absolute top-1/2 right-1 -translate-y-1/2 sm:right-3`} onClick={() => step(1)} aria-label="Next photo">
                <ChevronIcon direction="right" className="size-7" />
              </button>
            </div>

            <HorizontalScroller
              step={THUMBNAIL_SCROLL_PX}
              previousLabel="Scroll thumbnails left"
              nextLabel="Scroll thumbnails right"
              tone="dark"
              className="px-2 py-3"
              trackClassName="gap-2 px-1 py-1"
            >
              {photos.map((thumbnail, thumbnailIndex) => (
                <button
                  key={thumbnail.id}
                  ref={(element) => {
                    thumbnails.current[thumbnailIndex] = element;
                  }}
                  type="button"
                  onClick={() => onIndexChange(thumbnailIndex)}
                  aria-label={`Show ${thumbnail.name}`}
                  aria-current={thumbnailIndex === current ? 'true' : undefined}
                  className={`size-16 shrink-0 overflow-hidden rounded-lg ring-2 sm:size-20 ${
                    thumbnailIndex === current ? 'ring-sun-400' : 'opacity-60 ring-transparent hover:opacity-100'
                  }`}
                >
                  <img src={secureUrl(thumbnail.url)} alt="" className="size-full object-cover" loading="lazy" />
                </button>
              ))}
            </HorizontalScroller>
          </DialogPanel>
        )}
      </div>
    </Dialog>
  );
}
