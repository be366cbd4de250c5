import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronIcon } from './chevron-icon';
import { scrollBehavior } from '../../lib/motion';

interface HorizontalScrollerProps {
  children: ReactNode;
  /** Pixels one arrow press scrolls. */
  step: number;
  /** Accessible names of the two arrow buttons. */
  previousLabel: string;
  nextLabel: string;
  className?: string;
  /** Classes of the scrolling row itself. */
  trackClassName?: string;
  /** 'light' for white backgrounds, 'dark' for the lightbox. */
  tone?: 'light' | 'dark';
}

function ArrowButton({ direction, label, disabled, onClick, tone }: { direction: 'left' | 'right'; label: string; disabled: boolean; onClick: () => void; tone: 'light' | 'dark' }) {
  const colours =
    tone === 'dark'
      ? 'text-white hover:bg-white/15 disabled:text-white/30'
      : 'text-ink-700 hover:bg-ink-100 disabled:text-ink-300';
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={`shrink-0 rounded-lg p-2 disabled:cursor-default disabled:hover:bg-transparent ${colours}`}
    >
      <ChevronIcon direction={direction} className="size-5" />
    </button>
  );
}

/**
 * A row that scrolls sideways, with arrow buttons that move it by `step` pixels. The arrows
 * show only while the row overflows and are disabled at either end. Used by the project tab
 * strip and the lightbox's thumbnail strip (member-app.md 2 and 9).
 */
export function HorizontalScroller({ children, step, previousLabel, nextLabel, className = '', trackClassName = '', tone = 'light' }: HorizontalScrollerProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    setEdges({ start: track.scrollLeft <= 0, end: track.scrollLeft + track.clientWidth >= track.scrollWidth - 1 });
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    for (const child of Array.from(track.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [measure, children]);

  const scrollBy = (left: number) => {
    const track = trackRef.current;
    if (!track) return;
    if (typeof track.scrollBy === 'function') {
      track.scrollBy({ left, behavior: scrollBehavior() });
    } else {
      track.scrollLeft += left;
    }
  };

  const overflowing = !(edges.start && edges.end);

  return (
    <div className={`flex items-center gap-1 ${className}`}>
      {overflowing && <ArrowButton direction="left" label={previousLabel} disabled={edges.start} onClick={() => scrollBy(-step)} tone={tone} />}
      <div ref={trackRef} onScroll={measure} className={`relative flex min-w-0 flex-1 overflow-x-auto [scrollbar-width:none] ${trackClassName}`}>
        {children}
      </div>
      {overflowing && <ArrowButton direction="right" label={nextLabel} disabled={edges.end} onClick={() => scrollBy(step)} tone={tone} />}
    </div>
  );
}
