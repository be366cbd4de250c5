import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';

/** The heading of an admin page, also the tab title. */
export function AdminPageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-ink-600">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

export const tableClasses = {
  // relative: the sr-only header texts are absolutely positioned; without a positioned
  // ancestor they escape the scroll box and widen the whole page on a phone.
  wrap: 'relative overflow-x-auto rounded-2xl border border-ink-200 bg-white shadow-sm',
  table: 'min-w-full divide-y divide-ink-200 text-left text-sm',
  th: 'px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-ink-600 uppercase',
  td: 'px-4 py-3 align-middle text-ink-800',
};

/** The card list that stands in for a table below md (issue 14 item 17). */
export const cardClasses = {
  list: 'space-y-3',
  card: 'rounded-xl border border-ink-200 bg-white p-4 text-sm shadow-sm',
};
