import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, jsonResponse, stubFetch } from '../../../lib/test-utils';
import { useTariffs } from './get-tariffs';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
const TARIFF = {
  id: 3,
  name: 'Example: NV Energy LGS-1-like TOU',
  utility: 'NV Energy',
  state: 'NV',
  effective_date: '2025-04-01',
  source: '',
  customer_charge_usd: 300,
  periods: [],
  energy_rates: [{ period: null, usd_per_kwh: 0.07 }],
  demand_charges: [],
  export_credit: 'net_metering',
  export_rate_usd_per_kwh: 0.03,
  example: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

describe('useTariffs (the meters’ tariff picker)', () => {
  it("reads the members' GET /api/tariffs for the project's state, by name or code, and asks nothing without a state", async () => {
    const calls = stubFetch(() => jsonResponse({ tariffs: [TARIFF] }));
    const { result } = renderHook(() => useTariffs('Nevada'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([TARIFF]));
    expect(`${calls[0]!.url.pathname}${calls[0]!.url.search}`).toBe('/api/tariffs?state=NV');
    const none = renderHook(() => useTariffs(null), { wrapper });
    await waitFor(() => expect(none.result.current.data).toEqual([]));
    expect(calls).toHaveLength(1);
  });
});
