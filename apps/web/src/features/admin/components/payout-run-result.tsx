import type { PayoutRunResponse } from '@sunin/contract';
import { formatUsd } from '../../../lib/format';

export type PayoutRunOutcome = PayoutRunResponse & { reference: string };

const partners = (count: number) => (count === 1 ? '1 partner' : `${count} partners`);

/** What a payout run did (issue 37 item 1): who was paid, how much, and who was refused and why. */
export function PayoutRunResult({ outcome, onDismiss }: { outcome: PayoutRunOutcome; onDismiss: () => void }) {
  const total = outcome.payouts.reduce((sum, payout) => sum + Math.round(payout.amount_usd * 100), 0) / 100;
  return (
    <section aria-labelledby="payout-run-result" className="space-y-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id="payout-run-result" className="text-lg font-semibold text-ink-900">
          Payout run {outcome.reference}
        </h2>
        <button type="button" onClick={onDismiss} className="rounded-lg px-2 py-1 text-sm font-semibold text-ink-700 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-brand-600">
          Dismiss
        </button>
      </div>
      <div role="status" className="space-y-3 text-sm">
        {outcome.payouts.length > 0 ? (
          <div className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-800">
            <p className="font-semibold">
              Paid {partners(outcome.payouts.length)}, {formatUsd(total)} in total. Each was notified.
            </p>
            <ul aria-label="Paid" className="mt-2 list-disc space-y-1 pl-5">
              {outcome.payouts.map((payout) => (
                <li key={payout.id}>
                  {payout.user_name}: {formatUsd(payout.amount_usd)}
                  {payout.status === 'failed' && <span className="text-danger-700"> (failed at once: {payout.failure_reason ?? 'the payout provider refused it.'})</span>}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 font-semibold text-danger-700">Nobody was paid.</p>
        )}
        {outcome.refused.length > 0 && (
          <div className="rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-danger-700">
            <p className="font-semibold">Not paid: {partners(outcome.refused.length)}</p>
            <ul aria-label="Not paid" className="mt-2 list-disc space-y-1 pl-5">
              {outcome.refused.map((refusal) => (
                <li key={refusal.user_id}>
                  {refusal.user_name || `User #${refusal.user_id}`}: {refusal.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
