import type { ReactNode } from 'react';

/** The "nothing here yet" box of lists. */
export function EmptyState({ title, children, className = '' }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl border border-dashed border-ink-300 px-4 py-8 text-center ${className}`}>
      <p className="font-semibold text-ink-800">{title}</p>
      {children && <div className="mt-1 text-sm text-ink-600">{children}</div>}
    </div>
  );
}
