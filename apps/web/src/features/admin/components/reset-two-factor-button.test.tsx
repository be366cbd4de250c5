import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { RESET_TWO_FACTOR_MESSAGES, ResetTwoFactorButton } from './reset-two-factor-button';

function renderButton() {
  saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
  return renderRoutes([{ path: '/admin/all-users/7', element: <ResetTwoFactorButton userId={7} name="Ana Lopez" /> }], {
    initialEntries: ['/admin/all-users/7'],
  });
}

afterEach(() => toast.remove());

describe('admin "Reset two-factor" (ASVS 6.4.4)', { timeout: 15_000 }, () => {
  it('can be confirmed only after the identity check is ticked, then turns two-factor off', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in?' });
    expect(dialog).toHaveTextContent("Ana Lopez's two-factor sign-in will be turned off");
    const confirm = within(dialog).getByRole('button', { name: 'Reset two-factor' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: RESET_TWO_FACTOR_MESSAGES.attestation }));
    // The admin's own password too (issue 34 item 2).
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your password'), 'admin password');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText(RESET_TWO_FACTOR_MESSAGES.done)).toBeInTheDocument();
    const reset = calls.find((call) => call.method === 'DELETE');
    expect(`${reset?.method} ${reset?.url.pathname}`).toBe('DELETE /api/admin/users/7/mfa');
    expect(reset?.body).toEqual({ current_password: 'admin password' });
  });

  it('says a wrong password in the dialog and lets the admin try again (issue 34 item 2)', async () => {
    const calls = stubFetch(({ body }) =>
      (body as { current_password: string }).current_password === 'right'
        ? new Response(null, { status: 204 })
        : jsonResponse({ error: { code: 'rule_broken', message: 'Current password is incorrect.', fields: { current_password: 'Current password is incorrect.' } } }, { status: 422 }),
    );
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox'));
    const password = within(dialog).getByLabelText('Your password');
    await user.type(password, 'wrong{Enter}');
    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.clear(password);
    await user.type(password, 'right{Enter}');
    expect(await screen.findByText(RESET_TWO_FACTOR_MESSAGES.done)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('cancel sends nothing, and the tick does not stay for the next time', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox')).not.toBeChecked();
  });

  it("shows the server's message when it refuses", async () => {
    stubFetch(() => jsonResponse({ error: { code: 'conflict', message: 'Two-factor sign-in is not turned on for this user.' } }, { status: 409 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.type(within(dialog).getByLabelText('Your password'), 'admin password');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(await screen.findByText('Two-factor sign-in is not turned on for this user.')).toBeInTheDocument();
  });
});
