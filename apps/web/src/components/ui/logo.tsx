import { Link } from 'react-router';

function LogoMark() {
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <circle cx="16" cy="16" r="7" className="fill-sun-500" />
        <g className="stroke-brand-700" strokeWidth="2.5" strokeLinecap="round">
          <path d="M16 2v4M16 26v4M2 16h4M26 16h4M6 6l3 3M23 23l3 3M6 26l3-3M23 9l3-3" />
        </g>
      </svg>
      <span>
        Sun<span className="text-brand-700">In</span>
      </span>
    </>
  );
}

const LOGO_CLASSES = 'inline-flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-ink-900';

/** The SunIn word mark with a small sun; links to `to`, or is plain text with `to={null}` (a customer's page leads nowhere else). */
export function Logo({ to = '/' }: { to?: string | null }) {
  if (to === null) {
    return (
      <span className={LOGO_CLASSES} role="img" aria-label="SunIn">
        <LogoMark />
      </span>
    );
  }
  return (
    <Link to={to} className={LOGO_CLASSES}>
      <LogoMark />
    </Link>
  );
}
