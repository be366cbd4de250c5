import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { analyticsQuerySchema } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/field-styles';
import type { AnalyticsRangeQuery } from '../api/range-query';

/** The range in the URL (?from=&to=), so that a view can be bookmarked and shared. */
export function useAnalyticsRange(): AnalyticsRangeQuery {
  const [params] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/**
 * From and To dates, applied together (the URL changes once, so the figures load once). The
 * dates the server used are shown when the URL leaves them out (the last 12 months).
 */
export function RangeControl({ resolved }: { resolved: { from: string; to: string } | undefined }) {
  const [params, setParams] = useSearchParams();
  const current = useAnalyticsRange();
  // null until typed in: the field shows the URL's date, or the one the server used.
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shownFrom = from ?? current.from ?? resolved?.from ?? '';
  const shownTo = to ?? current.to ?? resolved?.to ?? '';

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const query = { ...(shownFrom ? { from: shownFrom } : {}), ...(shownTo ? { to: shownTo } : {}) };
    const parsed = analyticsQuerySchema.safeParse(query);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the dates.');
      return;
    }
    setError(null);
    setFrom(null);
    setTo(null);
    const next = new URLSearchParams(params);
    for (const key of ['from', 'to'] as const) {
      const value = query[key];
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const reset = () => {
    setFrom(null);
    setTo(null);
    setError(null);
    const next = new URLSearchParams(params);
    next.delete('from');
    next.delete('to');
    setParams(next);
  };

  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Date range" noValidate>
      <label className="w-40 text-sm font-medium text-ink-700">
        From
        <input type="date" className={fieldClasses(error !== null)} value={shownFrom} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="w-40 text-sm font-medium text-ink-700">
        To
        <input type="date" className={fieldClasses(error !== null)} value={shownTo} onChange={(event) => setTo(event.target.value)} />
      </label>
      <Button type="submit">Apply</Button>
      <Button variant="secondary" onClick={reset}>
        Last 12 months
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-danger-700">
          {error}
        </p>
      )}
    </form>
  );
}
