import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { ProfilePage } from '../routes/profile-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['0a1b2-c3d4e', '1a1b2-c3d4e', '2a1b2-c3d4e', '3a1b2-c3d4e', '4a1b2-c3d4e', '5a1b2-c3d4e', '6a1b2-c3d4e', '7a1b2-c3d4e', '8a1b2-c3d4e', '9a1b2-c3d4e'];
const WRONG_PASSWORD = { error: { code: 'rule_broken', message: 'Current password is incorrect.', fields: { current_password: 'Current password is incorrect.' } } };
const WRONG_CODE = { error: { code: 'validation_failed', message: 'That code is not right.', fields: { code: 'That code is not right. Check your authenticator app and try again.' } } };

/** A stand-in for the API: two-factor goes on at confirm with code 123456 and off with the password and 654321. */
function twoFactorServer(initiallyOn = false) {
  let on = initiallyOn;
  const calls = stubFetch(({ url, method, body }: FetchCall) => {
    const sent = body as Record<string, string> | undefined;
    if (url.pathname === '/api/user/mfa' && method === 'POST') {
      return sent?.current_password === 'pw' ? jsonResponse({ secret: SECRET, otpauth_url: `otpauth://totp/SunIn:ana?secret=${SECRET}` }) : jsonResponse(WRONG_PASSWORD, { status: 422 });
    }
    if (url.pathname === '/api/user/mfa/confirm') {
      if (sent?.code !== '123456') return jsonResponse(WRONG_CODE, { status: 422 });
      on = true;
      return jsonResponse({ recovery_codes: CODES });
    }
    if (url.pathname === '/api/user/mfa' && method === 'DELETE') {
      if (sent?.current_password !== 'pw') return jsonResponse(WRONG_PASSWORD, { status: 422 });
      if (sent.code !== '654321') return jsonResponse(WRONG_CODE, { status: 422 });
      on = false;
      return new Response(null, { status: 204 });
    }
    // The Security section also lists the sessions (sessions-panel.test.tsx covers them).
    if (url.pathname === '/api/user/sessions') return jsonResponse([]);
    return jsonResponse(buildUser({ mfa_enabled: on }));
  });
  return calls;
}

function renderProfile(path = '/profile') {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/profile', element: <ProfilePage /> }], { initialEntries: [path] });
}

describe('two-factor panel on the profile Security section (issue 13 item 5)', { timeout: 30_000 }, () => {
  it('sets up: password, QR code and grouped key, a code, then the recovery codes once, then on', async () => {
    const calls = twoFactorServer();
    const { user } = renderProfile();
    const panel = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(within(panel).getByText(/Two-factor sign-in is off/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Set up' }));
    const password = within(panel).getByLabelText('Current password');
    expect(password).toHaveFocus();
    await user.type(password, 'wrong');
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));
    expect(await within(panel).findByText('Current password is incorrect.')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'pw');
    await user.click(within(panel).getByRole('button', { name: 'Continue' }));

    const qr = await within(panel).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(within(panel).getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    const code = within(panel).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12');
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));
    expect(within(panel).getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '999999');
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));
    expect(await within(panel).findByText(/That code is not right/)).toBeInTheDocument();
    // The first dialog finishes its closing transition before the second opens.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(panel).getByRole('button', { name: 'Turn on' }));

    const list = await within(panel).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(within(panel).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download (.txt)' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'I saved them' }));
    expect(await within(panel).findByText(/Two-factor sign-in is on/)).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname.startsWith('/api/user/mfa')).map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ['POST', '/api/user/mfa', { current_password: 'wrong' }],
      ['POST', '/api/user/mfa', { current_password: 'pw' }],
      ['POST', '/api/user/mfa/confirm', { code: '999999' }],
      ['POST', '/api/user/mfa/confirm', { code: '123456' }],
    ]);
  });

  it('turns off with the password and a code, after a confirmation', async () => {
    const calls = twoFactorServer(true);
    const { user } = renderProfile();
    const panel = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    await user.click(await within(panel).findByRole('button', { name: 'Turn off' }));
    await user.click(within(panel).getByRole('button', { name: 'Turn off two-factor' }));
    expect(within(panel).getByText('Current password is required.')).toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Current password'), 'pw');
    await user.type(within(panel).getByLabelText('Code from the app or a recovery code'), '111111');
    await user.click(within(panel).getByRole('button', { name: 'Turn off two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel).findByText(/That code is not right/)).toBeInTheDocument();
    // The first dialog finishes its closing transition before the second opens.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });

    const code = within(panel).getByLabelText('Code from the app or a recovery code');
    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(panel).getByRole('button', { name: 'Turn off two-factor' }));
    await user.click(within(await screen.findByRole('dialog', {}, { timeout: 5_000 })).getByRole('button', { name: 'Turn off' }));
    // The panel turns to "off" once the refetched profile says so, after the dialog's closing
    // transition: seconds on a loaded machine.
    expect(await within(panel).findByText(/Two-factor sign-in is off/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([
      { current_password: 'pw', code: '111111' },
      { current_password: 'pw', code: '654321' },
    ]);
  });

  it('explains why an administrator was sent here from the admin area', async () => {
    twoFactorServer();
    renderProfile('/profile?two_factor=required');
    const section = await screen.findByRole('region', { name: 'Security' });
    await waitFor(() => expect(within(section).getByText(/Turn on two-factor sign-in before using the admin area/)).toBeInTheDocument());
  });
});
