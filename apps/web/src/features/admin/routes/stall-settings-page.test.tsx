import { screen } from '@testing-library/react';
import { DEFAULT_STALL_THRESHOLDS, type StallThresholds } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { StallSettingsPage } from './stall-settings-page';

const answer = (thresholds: StallThresholds, updated = false) => ({
  thresholds,
  defaults: DEFAULT_STALL_THRESHOLDS,
  updated_at: updated ? '2026-11-23T17:00:00.000Z' : null,
  updated_by_name: updated ? 'Avery Admin' : null,
});

describe('Stall Settings (issue 18 item 3)', { timeout: 30_000 }, () => {
  it('shows the days of each of the first four stages with their defaults, and saves them as whole numbers', async () => {
    let stored = answer(DEFAULT_STALL_THRESHOLDS);
    const calls = stubFetch(({ method, body }) => {
      if (method === 'PUT') stored = answer((body as { thresholds: StallThresholds }).thresholds, true);
      return jsonResponse(stored);
    });
    const { user } = renderRoutes([{ path: '/', element: <StallSettingsPage /> }]);
    const initiation = await screen.findByLabelText('Project Initiation (days)');
    expect(initiation).toHaveValue('14');
    expect(screen.getByLabelText('Presentation Ready (days)')).toHaveValue('21');
    expect(screen.getByLabelText('Financing and Documentation (days)')).toHaveValue('30');
    expect(screen.getByLabelText('Site Survey and Finalization (days)')).toHaveValue('30');
    expect(screen.queryByLabelText(/Project Completion/)).not.toBeInTheDocument();
    expect(screen.getByText('The default thresholds are in use.')).toBeInTheDocument();
    await user.clear(initiation);
    await user.type(initiation, '10');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Stall settings saved. Projects are marked Stalled by them from now on.')).toBeInTheDocument();
    const sent = (calls.find((call) => call.method === 'PUT')!.body as { thresholds: StallThresholds }).thresholds;
    expect(sent).toEqual({ ...DEFAULT_STALL_THRESHOLDS, 'Project Initiation': 10 });
    expect(await screen.findByText(/Last changed by Avery Admin/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fill in the defaults' }));
    expect(screen.getByLabelText('Project Initiation (days)')).toHaveValue('14');
  });

  it("shows the server's reason when it refuses a value", async () => {
    stubFetch(({ method }) =>
      method === 'PUT'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'Some fields are not valid.', fields: { 'thresholds.Presentation Ready': 'Presentation Ready must be at least 1 day.' } } }, { status: 422 })
        : jsonResponse(answer(DEFAULT_STALL_THRESHOLDS)),
    );
    const { user } = renderRoutes([{ path: '/', element: <StallSettingsPage /> }]);
    const ready = await screen.findByLabelText('Presentation Ready (days)');
    await user.clear(ready);
    await user.type(ready, '0');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Presentation Ready must be at least 1 day.');
  });
});
