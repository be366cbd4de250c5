import type { ReactNode } from 'react';

/** Links inside running text are underlined: colour alone does not tell them apart. */
export const inlineLinkClasses = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A readable single-column page of titled sections (terms, privacy). */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      <p className="mt-2 text-sm text-ink-500">Last updated {updated}</p>
      <div className="mt-6 text-ink-700">{intro}</div>
      {sections.map((section, index) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-ink-900">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-2 space-y-3 leading-relaxed text-ink-700">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
