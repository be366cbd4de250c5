import { useState } from 'react';
import type { CaseStudy } from 'virtual:brand-content';

/**
 * Case study cards with a Read more / Collapse toggle; opening one closes the others
 * (public-site-and-admin.md 2.3: only one open at a time).
 */
export function CaseStudies({ studies }: { studies: readonly CaseStudy[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <ul className="grid items-start gap-6 lg:grid-cols-3">
      {studies.map((study) => {
        const open = openId === study.id;
        const detailsId = `case-study-${study.id}`;
        return (
          <li key={study.id} className="flex flex-col rounded-2xl border border-ink-200 bg-white p-6 shadow-sm">
            <p className="text-sm font-semibold text-brand-700">{study.location}</p>
            <h3 className="mt-1 text-xl font-bold text-ink-900">{study.title}</h3>
            <p className="mt-3 text-ink-700">{study.summary}</p>
            <dl className="mt-5 grid grid-cols-3 gap-2 rounded-xl bg-ink-50 p-3 text-center">
              {study.stats.map((stat) => (
                <div key={stat.label}>
                  <dt className="text-xs text-ink-600">{stat.label}</dt>
                  <dd className="mt-1 font-bold text-ink-900">{stat.value}</dd>
                </div>
              ))}
            </dl>
            <div id={detailsId} hidden={!open} className="mt-4 space-y-3 text-ink-700">
              {study.details.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            <button
              type="button"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`${open ? 'Collapse' : 'Read more'}: ${study.title} case study`}
              onClick={() => setOpenId(open ? null : study.id)}
              className="mt-4 self-start rounded text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              {open ? 'Collapse' : 'Read more'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
