import { ACCOUNT_TYPE_LABELS, EARNING_TIERS, PLANS, type Earnings, type EarningTier } from '@sunin/contract';
import { formatShare } from '../../../components/earnings/earnings-ledger';
import { TextLink } from '../../../components/ui/text-link';

/**
 * The share ladder (issue 34 item 7, made real in issue 38 item 6): the partner's own share and
 * tier highlighted, the tier above with its share and what it takes to get there. The plans say
 * a sales partner "can earn up to 70% of net profit" (spec text, kept as written); that top share
 * belongs to the enterprise tier, so the page names each tier's share as configured.
 */
/** The partner's own tier, from the rung above it (the top tier has none above, but a share). */
function ownTier(earnings: Earnings): EarningTier | undefined {
  if (earnings.share_rate === null) return undefined;
  if (earnings.next_tier?.account_type === 'sales_partner') return 'referral_partner';
  if (earnings.next_tier?.account_type === 'enterprize_partner') return 'sales_partner';
  return !earnings.next_tier && earnings.share_rate === earnings.share_ladder.enterprize_partner ? 'enterprize_partner' : undefined;
}

export function ShareLadder({ earnings }: { earnings: Earnings }) {
  const ladder = earnings.share_ladder;
  const top = Math.max(...EARNING_TIERS.map((tier) => ladder[tier]));
  const next = earnings.next_tier;
  const own = ownTier(earnings);
  return (
    <div className="space-y-3 text-sm text-ink-700">
      {earnings.share_rate !== null && <p className="text-base font-semibold text-ink-900">Your share: {formatShare(earnings.share_rate)}</p>}
      <p>Your share of a deal's net profit rises with your partner tier:</p>
      <dl className="grid gap-2 sm:grid-cols-3">
        {EARNING_TIERS.map((tier) => (
          <div key={tier} aria-current={tier === own ? 'true' : undefined} className={`rounded-lg border px-3 py-2 ${tier === own ? 'border-brand-600 bg-brand-50 ring-1 ring-brand-600' : 'border-ink-200'}`}>
            <dt className="text-ink-600">
              {ACCOUNT_TYPE_LABELS[tier]}s{tier === own ? ' (your tier)' : ''}
            </dt>
            <dd className="text-lg font-semibold text-ink-900">{formatShare(ladder[tier])}</dd>
          </div>
        ))}
      </dl>
      {next && (
        <div className="rounded-lg border border-ink-200 bg-ink-50 px-3 py-2">
          <p className="font-medium text-ink-900">
            Next tier: {ACCOUNT_TYPE_LABELS[next.account_type]}, {formatShare(next.share_rate)} of net profit.
          </p>
          {next.path === 'subscribe' ? (
            <p>
              <TextLink to="/upgradesubscription">Upgrade to the sales partner plan ({PLANS.sales_partner.priceLabel})</TextLink> to earn it on your next deals.
            </p>
          ) : (
            <p>Ask our team about the enterprise tier.</p>
          )}
        </div>
      )}
      <p>
        "Up to {formatShare(top)}" on our plans is the top of this ladder: a sales partner earns {formatShare(ladder.sales_partner)}, and an enterprise
        partner earns {formatShare(ladder.enterprize_partner)}. Ask our team about moving up to the enterprise tier.
      </p>
    </div>
  );
}
