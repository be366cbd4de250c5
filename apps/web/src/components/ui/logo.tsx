import { Link } from 'react-router';

/** The SunIn word mark with a small sun; links to `to`. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-ink-900">
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <circle cx="16" cy="16" r="7" className="fill-sun-500" />
        <g className="stroke-brand-700" strokeWidth="2.5" strokeLinecap="round">
          <path d="M16 2v4M16 26v4M2 16h4M26 16h4M6 6l3 3M23 23l3 3M6 26l3-3M23 9l3-3" />
        </g>
      </svg>
      <span>
        Sun<span className="text-brand-700">In</span>
      </span>
    </Link>
  );
}
