import type { Service } from '../content/services';

const PATHS: Record<Service['icon'], string> = {
  credit: 'M4 7h16v10H4zM4 10h16M8 14h3',
  nonprofit: 'M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z',
  financing: 'M12 3v18M16.5 7.5C16.5 5.6 14.5 4.5 12 4.5S7.5 5.6 7.5 7.6c0 4.4 9 2.4 9 6.9 0 2-2 3-4.5 3s-4.5-1.1-4.5-3',
  proposal: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  install: 'M3 17 9 5h12l-6 12zM6 11h12M12 5l-6 12M3 21h18',
  platform: 'M4 5h16v11H4zM9 20h6M12 16v4M8 12l2.5-3 2 2L16 8',
};

/** The line icon of a service tile. */
export function ServiceIcon({ icon }: { icon: Service['icon'] }) {
  return (
    <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[icon]} />
      </svg>
    </span>
  );
}
