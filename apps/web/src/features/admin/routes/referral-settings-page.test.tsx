import { screen } from '@testing-library/react';
import { DEFAULT_REFERRAL_SETTINGS, type ReferralSettings, type ReferralSettingsResponse } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ReferralSettingsPage } from './referral-settings-page';

const answer = (settings: ReferralSettings, updated = false): ReferralSettingsResponse => ({
  settings,
  defaults: DEFAULT_REFERRAL_SETTINGS,
  updated_at: updated ? '2026-12-01T17:00:00.000Z' : null,
  updated_by_name: updated ? 'Avery Admin' : null,
});

describe('/admin/referral-settings (issue 39)', { timeout: 30_000 }, () => {
  it('shows the three numbers with their defaults, checks them with the contract, and saves them', async () => {
    let stored = answer({ ...DEFAULT_REFERRAL_SETTINGS, max_open_registrations: 30 });
    const calls = stubFetch(({ method, body }) => {
      if (method === 'PUT') stored = answer((body as { settings: ReferralSettings }).settings, true);
      return jsonResponse(stored);
    });
    const { user } = renderRoutes([{ path: '/', element: <ReferralSettingsPage /> }]);
    const window = await screen.findByLabelText('Attribution window (days)');
    expect(window).toHaveValue('90');
    expect(window).toHaveAccessibleDescription(/Default 90 days/);
    expect(screen.getByLabelText('Registration lasts (days)')).toHaveValue('90');
    expect(screen.getByLabelText('Open registrations per partner')).toHaveValue('30');
    expect(screen.getByLabelText('Open registrations per partner')).toHaveAccessibleDescription(/Default 25$/);
    expect(screen.getByText('The defaults are in use.')).toBeInTheDocument();

    await user.clear(window);
    await user.type(window, '400');
    await user.clear(screen.getByLabelText('Registration lasts (days)'));
    await user.type(screen.getByLabelText('Registration lasts (days)'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(window).toHaveAccessibleDescription('The attribution window must be at most 365 days.');
    expect(screen.getByLabelText('Registration lasts (days)')).toHaveAccessibleDescription('A registration must be a whole number of days.');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(window);
    await user.type(window, '30');
    await user.click(screen.getByRole('button', { name: 'Fill in the defaults' }));
    await user.clear(window);
    await user.type(window, '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Referral settings saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ settings: { ...DEFAULT_REFERRAL_SETTINGS, attribution_window_days: 30 } });
    expect(await screen.findByText(/Last changed by Avery Admin/)).toBeInTheDocument();
  });

  it("shows the server's refusal beside the field", async () => {
    stubFetch(({ method }) =>
      method === 'PUT'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'The limit of open registrations must be at most 1000 registrations.', fields: { 'settings.max_open_registrations': 'The limit of open registrations must be at most 1000 registrations.' } } }, { status: 422 })
        : jsonResponse(answer(DEFAULT_REFERRAL_SETTINGS)),
    );
    const { user } = renderRoutes([{ path: '/', element: <ReferralSettingsPage /> }]);
    await screen.findByLabelText('Attribution window (days)');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The limit of open registrations must be at most 1000 registrations.');
    expect(screen.getByLabelText('Open registrations per partner')).toHaveAccessibleDescription('The limit of open registrations must be at most 1000 registrations.');
  });
});
