import type { ReactNode } from 'react';

/** The title band at the top of every public page except the landing page. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-ink-200 bg-gradient-to-b from-brand-50 to-ink-50">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-ink-700">{children}</div>}
      </div>
    </div>
  );
}
