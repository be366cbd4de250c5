import type { ReactNode } from 'react';

type Tone = 'green' | 'red' | 'grey' | 'amber';

const TONES: Record<Tone, string> = {
  green: 'bg-brand-100 text-brand-800 ring-brand-200',
  red: 'bg-danger-50 text-danger-700 ring-danger-200',
  grey: 'bg-ink-100 text-ink-700 ring-ink-200',
  // A warning (a stalled project): Tailwind's own amber, as the proposal colours use its blue.
  amber: 'bg-amber-50 text-amber-900 ring-amber-300',
};

/** A small rounded label (stages, link types, warnings); `wrap` lets a longer one (a sentence) break on a phone. */
export function Badge({ tone, children, className = '', wrap = false }: { tone: Tone; children: ReactNode; className?: string; wrap?: boolean }) {
  return (
    <span
      className={`inline-flex items-center px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${wrap ? 'rounded-lg whitespace-normal' : 'rounded-full whitespace-nowrap'} ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
