import type { ReactNode } from 'react';

/** One term and its value inside a <dl> (profile, billing information, the billing page). */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-500">{term}</dt>
      <dd className="mt-0.5 font-medium break-words text-ink-900">{children}</dd>
    </div>
  );
}
