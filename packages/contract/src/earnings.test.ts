import { describe, expect, it } from 'vitest';
import {
  adjustmentBodySchema,
  dealBodySchema,
  DEFAULT_EARNINGS_SETTINGS,
  earningsSettingsSchema,
  entryStatusAtStage,
  ledgerTotals,
  shareBasisPoints,
  shareOfProfitCents,
  toCents,
} from './earnings.js';

describe('shares (DOMAIN.md 2)', () => {
  it('takes each tier’s default share of the net profit, rounded to the cent', () => {
    const bp = (tier: keyof typeof DEFAULT_EARNINGS_SETTINGS.tiers) => shareBasisPoints(DEFAULT_EARNINGS_SETTINGS.tiers[tier].share_rate);
    expect([bp('referral_partner'), bp('sales_partner'), bp('enterprize_partner')]).toEqual([2000, 6000, 7000]);
    expect(shareOfProfitCents(toCents(48_250), 2000)).toBe(965_000);
    // 20 % of $100.03 is $20.006: $20.01; 60 % of $0.01 is 0.6 cents: 1 cent; 70 % of $0.05 is 3.5 cents: 4 cents (half away from zero).
    expect(shareOfProfitCents(10_003, 2000)).toBe(2001);
    expect(shareOfProfitCents(1, 6000)).toBe(1);
    expect(shareOfProfitCents(5, 7000)).toBe(4);
    expect(shareOfProfitCents(-5, 7000)).toBe(-4);
    expect(shareOfProfitCents(0, 7000)).toBe(0);
  });

  it('converts dollars to cents without floating-point drift', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123_456);
  });
});

describe('ledger totals and the minimum payout', () => {
  const line = (status: 'expected' | 'approved' | 'paid' | 'void', amount_cents: number) => ({ status, amount_cents });

  it('pays nothing below a referral partner’s minimum and the whole approved balance once it is reached', () => {
    const below = ledgerTotals([line('approved', 200_000), line('expected', 900_000), line('void', 50_000)], 250_000);
    expect(below).toEqual({ expected_cents: 900_000, approved_cents: 200_000, paid_cents: 0, payable_cents: 0 });
    const reached = ledgerTotals([line('approved', 200_000), line('approved', 50_000), line('paid', 10_000)], 250_000);
    expect(reached).toEqual({ expected_cents: 0, approved_cents: 250_000, paid_cents: 10_000, payable_cents: 250_000 });
  });

  it('counts adjustments in the approved balance, and never pays a balance at or below zero', () => {
    expect(ledgerTotals([line('approved', 30_000), line('approved', -10_000)], 0).payable_cents).toBe(20_000);
    expect(ledgerTotals([line('approved', -10_000)], 0).payable_cents).toBe(0);
    expect(ledgerTotals([], 0).payable_cents).toBe(0);
  });
});

describe('entry status by stage', () => {
  it('approves at Project Completion, voids when archived before approval, and restores when unarchived', () => {
    expect(entryStatusAtStage('expected', 'Presentation Ready')).toBe('expected');
    expect(entryStatusAtStage('expected', 'Project Completion')).toBe('approved');
    expect(entryStatusAtStage('expected', 'Archived')).toBe('void');
    expect(entryStatusAtStage('void', 'Site Survey and Finalization')).toBe('expected');
    expect(entryStatusAtStage('void', 'Project Completion')).toBe('approved');
    expect(entryStatusAtStage('approved', 'Archived')).toBe('approved');
    expect(entryStatusAtStage('paid', 'Archived')).toBe('paid');
  });
});

describe('bodies', () => {
  it('checks deal amounts, adjustments and settings', () => {
    expect(dealBodySchema.safeParse({ contract_value_usd: 250_000, net_profit_usd: 48_250.5 }).success).toBe(true);
    expect(dealBodySchema.safeParse({ contract_value_usd: 0, net_profit_usd: 1 }).success).toBe(false);
    expect(dealBodySchema.safeParse({ contract_value_usd: 10, net_profit_usd: 1.005 }).success).toBe(false);
    expect(dealBodySchema.safeParse({ contract_value_usd: 10, net_profit_usd: -1 }).success).toBe(false);
    expect(dealBodySchema.safeParse({ contract_value_usd: 10, net_profit_usd: 1, extra: 1 }).success).toBe(false);
    expect(adjustmentBodySchema.safeParse({ user_id: 1, amount_usd: -125.5, reason: 'Refund' }).success).toBe(true);
    expect(adjustmentBodySchema.safeParse({ user_id: 1, amount_usd: 0, reason: 'None' }).success).toBe(false);
    expect(adjustmentBodySchema.safeParse({ user_id: 1, amount_usd: 5, reason: '  ' }).success).toBe(false);
    expect(earningsSettingsSchema.safeParse(DEFAULT_EARNINGS_SETTINGS).success).toBe(true);
    const tiers = DEFAULT_EARNINGS_SETTINGS.tiers;
    expect(earningsSettingsSchema.safeParse({ tiers: { ...tiers, sales_partner: { share_rate: 1.2, minimum_payout_usd: 0 } } }).success).toBe(false);
    expect(earningsSettingsSchema.safeParse({ tiers: { ...tiers, sales_partner: { share_rate: 0.12345, minimum_payout_usd: 0 } } }).success).toBe(false);
    expect(earningsSettingsSchema.safeParse({ tiers: { ...tiers, sales_partner: { share_rate: 0.6525, minimum_payout_usd: -1 } } }).success).toBe(false);
  });
});
