import type { ReactNode } from 'react';

/** The eyebrow, h2 and intro line that open a section of a public page. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="mb-10 max-w-2xl">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-ink-900">
        {title}
      </h2>
      {children && <p className="mt-3 text-lg text-ink-700">{children}</p>}
    </div>
  );
}
