import type { TariffInput } from '@sunin/contract';

/**
 * A valid two-period tariff body for tests (summer weekday afternoons on peak, the rest at the
 * base rate), with overrides: `tariffInput({ state: 'TX' })`.
 */
export function tariffInput(overrides: Partial<TariffInput> = {}): TariffInput {
  return {
    name: 'Test TOU',
    utility: 'Test Power',
    state: 'CA',
    effective_date: '2025-03-01',
    source: 'A test tariff.',
    customer_charge_usd: 50,
    periods: [
      { name: 'On-peak', months: [6, 7, 8, 9], days: 'weekday', start_hour: 16, end_hour: 21 },
      { name: 'Off-peak', months: [1, 2, 3, 4, 5, 10, 11, 12], days: 'all', start_hour: 0, end_hour: 24 },
    ],
    energy_rates: [
      { period: null, usd_per_kwh: 0.12 },
      { period: 'On-peak', usd_per_kwh: 0.3 },
      { period: 'Off-peak', usd_per_kwh: 0.1 },
    ],
    demand_charges: [
      { period: null, usd_per_kw: 15 },
      { period: 'On-peak', usd_per_kw: 8 },
    ],
    export_credit: 'net_billing',
    export_rate_usd_per_kwh: 0.05,
    ...overrides,
  };
}
