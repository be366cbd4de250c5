/** The local provider (and Stripe test keys) take no real money: every billing screen says so. */
export function TestModeBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full bg-sun-400/20 px-2.5 py-0.5 text-xs font-semibold text-ink-900 ring-1 ring-sun-500 ring-inset ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5 text-sun-500">
        <path fill="currentColor" d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 4a1 1 0 0 1 1 1v3.5a1 1 0 1 1-2 0V7a1 1 0 0 1 1-1Zm0 8.75a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
      </svg>
      Test mode
    </span>
  );
}
