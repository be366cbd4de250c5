import type { Estimate } from '@sunin/contract';

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Large amounts to the dollar, monthly ones to the cent; a dash for what cannot be computed yet. */
export const dollars = (value: number | null) => (value === null ? '—' : usdWhole.format(value));
export const cents = (value: number | null) => (value === null ? '—' : usdCents.format(value));
export const amount = (value: number | null, unit = '') => (value === null ? '—' : `${number.format(value)}${unit ? ` ${unit}` : ''}`);
export const percent = (share: number) => `${number.format(Math.round(share * 10_000) / 100)} %`;
export const years = (value: number | null) => (value === null ? 'Not within the lifetime' : `${number.format(value)} years`);

/** Where the rate came from, in words. */
export function rateExplanation(inputs: Estimate['inputs']): string {
  const rate = `$${inputs.effective_rate_usd_per_kwh.toFixed(4)} per kWh`;
  if (inputs.rate_source === 'bill') return `${rate}: your average bill × 12 ÷ annual usage`;
  if (inputs.rate_source === 'state_average') return `${rate}: the average commercial rate in ${inputs.state_name} (EIA, 2023)`;
  return `${rate}: the national average commercial rate (EIA, 2023)`;
}

/** Which tab holds each missing input. */
export const MISSING_TAB: Record<Estimate['missing'][number]['field'], { tab: string; label: string }> = {
  kilowatt_amounts: { tab: 'utility-info', label: 'Utility Info' },
  average_monthly_power_bill_cost: { tab: 'utility-info', label: 'Utility Info' },
  state: { tab: 'site-info', label: 'Site Info' },
};
