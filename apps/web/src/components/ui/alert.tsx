import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info';

const TONES: Record<Tone, string> = {
  error: 'border-danger-200 bg-danger-50 text-danger-700',
  success: 'border-brand-200 bg-brand-50 text-brand-800',
  info: 'border-ink-200 bg-ink-100 text-ink-700',
};

/** A coloured message box: red for errors (role alert), green for success (role status). */
export function Alert({ tone, children, className = '' }: { tone: Tone; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${TONES[tone]} ${className}`}>
      {children}
    </div>
  );
}
