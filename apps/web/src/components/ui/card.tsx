import type { ReactNode } from 'react';

/** The centred card of the auth pages (login, signup, password reset, email verification). */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex justify-center px-4 py-8 sm:py-12">
      {/* No accessible name on purpose: a named region would also match label queries such as
          "New Password" against a title like "Choose a new password". */}
      <section
        className={`w-full rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
      >
        <h1 className="text-2xl font-bold text-ink-900">
          {title}
        </h1>
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

/**
 * A titled white panel of the member pages. A link to its id (/profile#notifications) stops it
 * below the member shell's sticky top bar rather than under it.
 */
export function Panel({ title, description, children, id }: { title: string; description?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-ink-900">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-ink-600">{description}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
