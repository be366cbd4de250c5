import { useState } from 'react';
import { statementMonthSchema } from '@sunin/contract';
import { buttonClasses } from '../ui/button';
import { TextField } from '../ui/text-field';

/** `November 2026` for `2026-11`. */
export function formatStatementMonth(month: string): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** `now`'s month, `YYYY-MM`: the latest statement there is (the current month's, so far). */
export function currentMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Why a typed month cannot be downloaded, or null. */
function monthProblem(value: string, latest: string): string | null {
  if (!value) return 'Choose a month.';
  const parsed = statementMonthSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'month must be YYYY-MM.';
  if (value > latest) return `Choose ${formatStatementMonth(latest)} or an earlier month.`;
  return null;
}

/**
 * "Download any month" (issue 38 item 3): a month input up to this month (whose statement shows
 * the month so far; the issued statements are of ended months), and a
 * plain download link to the statement PDF of the month chosen (the API accepts the web app's
 * cookie for downloads). `pathFor` names the route: the partner's own, or an administrator's
 * for one partner.
 */
export function StatementMonthDownload({ pathFor, label = 'Statement month', now }: { pathFor: (month: string) => string; label?: string; now?: Date }) {
  const latest = currentMonth(now);
  const [month, setMonth] = useState(latest);
  const [touched, setTouched] = useState(false);
  const problem = monthProblem(month, latest);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        label={label}
        type="month"
        value={month}
        min="2000-01"
        max={latest}
        onChange={(event) => {
          setMonth(event.target.value);
          setTouched(true);
        }}
        error={touched && problem ? problem : undefined}
        hint="YYYY-MM; this month's shows it so far"
        className="w-full max-w-56"
      />
      {problem ? (
        <button type="button" className={buttonClasses('secondary')} onClick={() => setTouched(true)}>
          Download PDF
        </button>
      ) : (
        <a href={pathFor(month)} download className={buttonClasses('secondary')}>
          Download {formatStatementMonth(month)} PDF
        </a>
      )}
    </div>
  );
}
