const PATHS = {
  left: 'M12.8 5.2a.75.75 0 0 1 0 1.06L9.06 10l3.74 3.74a.75.75 0 1 1-1.06 1.06l-4.27-4.27a.75.75 0 0 1 0-1.06l4.27-4.27a.75.75 0 0 1 1.06 0Z',
  right: 'M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z',
} as const;

/** The one left/right chevron (breadcrumbs, Back links, scroller and lightbox arrows); decorative. */
export function ChevronIcon({ direction, className = 'size-4' }: { direction: 'left' | 'right'; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className}>
      <path fill="currentColor" d={PATHS[direction]} />
    </svg>
  );
}
