import { screen } from '@testing-library/react';
import { DEFAULT_EARNINGS_SETTINGS, type EarningsSettings } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { EarningsSettingsPage } from './earnings-settings-page';

const answer = (settings: EarningsSettings, updated = false) => ({
  settings,
  defaults: DEFAULT_EARNINGS_SETTINGS,
  updated_at: updated ? '2026-11-23T17:00:00.000Z' : null,
  updated_by_name: updated ? 'Avery Admin' : null,
});

describe('Earnings Settings (issue 17 item 2)', { timeout: 30_000 }, () => {
  it('shows each tier’s share as a percentage and its minimum, and saves them as fractions', async () => {
    let stored = answer(DEFAULT_EARNINGS_SETTINGS);
    const calls = stubFetch(({ method, body }) => {
      if (method === 'PUT') stored = answer((body as { settings: EarningsSettings }).settings, true);
      return jsonResponse(stored);
    });
    const { user } = renderRoutes([{ path: '/', element: <EarningsSettingsPage /> }]);
    const share = await screen.findByLabelText('Sales Partner share (% of net profit)');
    expect(share).toHaveValue('60');
    expect(screen.getByLabelText('Referral Partner minimum payout (US$)')).toHaveValue('2500');
    expect(screen.getByText('The defaults of DOMAIN.md are in use.')).toBeInTheDocument();
    await user.clear(share);
    await user.type(share, '62.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Earnings settings saved. Deals recorded or corrected from now on use them.')).toBeInTheDocument();
    const sent = (calls.find((call) => call.method === 'PUT')!.body as { settings: EarningsSettings }).settings;
    expect(sent.tiers).toEqual({ ...DEFAULT_EARNINGS_SETTINGS.tiers, sales_partner: { share_rate: 0.625, minimum_payout_usd: 0 } });
    expect(await screen.findByText(/Last changed by Avery Admin/)).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a value", async () => {
    stubFetch(({ method }) =>
      method === 'PUT'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'Some fields are not valid.', fields: { 'settings.tiers.sales_partner.share_rate': 'The share must be at most 1 (100 %).' } } }, { status: 422 })
        : jsonResponse(answer(DEFAULT_EARNINGS_SETTINGS)),
    );
    const { user } = renderRoutes([{ path: '/', element: <EarningsSettingsPage /> }]);
    const share = await screen.findByLabelText('Sales Partner share (% of net profit)');
    await user.clear(share);
    await user.type(share, '99');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The share must be at most 1 (100 %).');
  });

  it('takes the share as a percent: 20 is sent as 0.2, and 150 is refused as "at most 100 %" before anything is sent (issue 37 item 7)', async () => {
    const calls = stubFetch(({ method, body }) => jsonResponse(method === 'PUT' ? answer((body as { settings: EarningsSettings }).settings, true) : answer(DEFAULT_EARNINGS_SETTINGS)));
    const { user } = renderRoutes([{ path: '/', element: <EarningsSettingsPage /> }]);
    const share = await screen.findByLabelText('Referral Partner share (% of net profit)');
    expect(share).toHaveAccessibleDescription('A percent: 20 means 20 %. Default 20 %');
    await user.clear(share);
    await user.type(share, '150');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The share is at most 100 %.');
    expect(share).toHaveAccessibleDescription('The share is at most 100 %.');
    expect(share).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(share);
    await user.type(share, '-5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The share is at least 0 %.');

    await user.clear(share);
    await user.type(share, '20');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Earnings settings saved. Deals recorded or corrected from now on use them.')).toBeInTheDocument();
    const sent = (calls.find((call) => call.method === 'PUT')!.body as { settings: EarningsSettings }).settings;
    expect(sent.tiers.referral_partner.share_rate).toBe(0.2);
  });
});
