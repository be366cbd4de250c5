import type { AnalyticsPlan } from '@sunin/contract';

/** The design system's colour tokens (index.css) for the chart series. */
export const STAGE_COLOR = 'var(--color-brand-600)';
export const STATUS_COLORS = { expected: 'var(--color-sun-400)', approved: 'var(--color-brand-500)', paid: 'var(--color-brand-800)' } as const;
export const PLAN_COLORS: Record<AnalyticsPlan, string> = {
  referral_partner: 'var(--color-brand-300)',
  sales_partner: 'var(--color-brand-600)',
  enterprize_partner: 'var(--color-brand-900)',
  other: 'var(--color-ink-400)',
};
