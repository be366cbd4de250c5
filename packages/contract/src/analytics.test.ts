import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema, defaultAnalyticsRange, monthsBetween, resolveAnalyticsRange } from './analytics.js';

describe('analytics range', () => {
  it('lists every month of a range, across a year end', () => {
    expect(monthsBetween('2024-11-15', '2025-02-01')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('1e309', '2025-01-01')).toEqual([]);
  });

  it('defaults to the current month and the 11 before it', () => {
    expect(defaultAnalyticsRange(new Date('2026-03-15T10:00:00Z'))).toEqual({ from: '2025-04-01', to: '2026-03-15' });
    expect(resolveAnalyticsRange({ to: '2025-06-30' })).toEqual({ from: '2024-07-01', to: '2025-06-30' });
    expect(resolveAnalyticsRange({ from: '2010-03-10' }, new Date('2026-03-15T10:00:00Z'))).toEqual({ from: '2010-03-10', to: '2015-02-28' });
    expect(resolveAnalyticsRange({ from: '2026-01-10' }, new Date('2026-03-15T10:00:00Z'))).toEqual({ from: '2026-01-10', to: '2026-03-15' });
  });

  it('refuses unknown keys, impossible dates, a reversed range and one over 5 years', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2025-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ from: '2025-02-30' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '1e309', to: '2025-01-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2025-03-01', to: '2025-01-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2020-01-01', to: '2025-01-01' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2020-02-01', to: '2025-01-31' }).success).toBe(true);
    expect(analyticsQuerySchema.safeParse({ scope: 'all' }).success).toBe(false);
  });
});
