import { useId, useState } from 'react';
import type { FaqItem } from '../content/faqs';

function Chevron() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0 text-brand-700 transition-transform group-data-open:rotate-180">
      <path fill="currentColor" d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}

/** One question: a button with aria-expanded whose answer exists only while it is open. */
function FaqQuestion({ item }: { item: FaqItem }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div className="px-5">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? answerId : undefined}
          data-open={open ? '' : undefined}
          onClick={() => setOpen(!open)}
          className="group flex w-full items-center justify-between gap-4 py-4 text-left font-semibold text-ink-900 hover:text-brand-800"
        >
          <span>{item.question}</span>
          <Chevron />
        </button>
      </h3>
      {open && (
        <div id={answerId} className="pb-5 leading-relaxed text-ink-700">
          {item.answer}
        </div>
      )}
    </div>
  );
}

/**
 * The FAQ accordion of public-site-and-admin.md 2.3: a label and question/answer pairs, each
 * question a disclosure (the pattern of Headless UI's Disclosure, written out: it is a button
 * and a panel, and the public pages leave Headless UI out of their first load, decision 024).
 */
export function FaqAccordion({ label, items }: { label: string; items: readonly FaqItem[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-3xl px-4 py-12">
      <h2 id={headingId} className="text-2xl font-bold text-ink-900">
        {label}
      </h2>
      <div className="mt-6 divide-y divide-ink-200 rounded-2xl border border-ink-200 bg-white">
        {items.map((item) => (
          <FaqQuestion key={item.question} item={item} />
        ))}
      </div>
    </section>
  );
}
