import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { LoginPage } from './login-page';

const MFA_REQUIRED = { error: { code: 'mfa_required', message: 'Enter the 6-digit code from your authenticator app.' } };
const LOGIN_FAILED = { error: { code: 'invalid_credentials', message: 'Invalid email or password.' } };
const SIGNED_IN = { message: 'Logged in successfully.', user: { id: 3, user_name: 'ana', email: 'ana@example.com', account_type: 'sales_partner', company_role: null, mfa_enabled: true } };

function renderLogin() {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/home', element: <p>Home page</p> },
    ],
    { initialEntries: ['/login'] },
  );
}

/** The server: the right password alone asks for a code; `good` is the only code that works. */
function twoFactorServer(good: string) {
  return stubFetch(({ url, body }: FetchCall) => {
    if (url.pathname !== '/api/login') return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    const { user } = body as { user: { password: string; otp_code?: string } };
    if (user.password !== 'right password') return jsonResponse(LOGIN_FAILED, { status: 401 });
    if (user.otp_code === undefined) return jsonResponse(MFA_REQUIRED, { status: 401 });
    if (user.otp_code !== good) return jsonResponse(LOGIN_FAILED, { status: 401 });
    return jsonResponse(SIGNED_IN, { headers: { Authorization: 'Bearer jwt-with-mfa' } });
  });
}

async function passFirstStep(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('Email'), 'ana@example.com');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByLabelText('Authentication code');
}

// Typing a whole login twice takes several seconds on a busy machine.
describe('login with two-factor sign-in (issue 13 item 5)', { timeout: 20_000 }, () => {
  it('asks for the 6-digit code after the password, then sends the same email and password with it', async () => {
    const calls = twoFactorServer('123456');
    const { user, router } = renderLogin();
    const field = await passFirstStep(user);

    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveFocus();
    expect(screen.getByText(/Enter the 6-digit code from your authenticator app/)).toBeInTheDocument();

    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/That code did not work/);
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.map((call) => call.body)).toEqual([
      { user: { email: 'ana@example.com', password: 'right password' } },
      { user: { email: 'ana@example.com', password: 'right password', otp_code: '654321' } },
      { user: { email: 'ana@example.com', password: 'right password', otp_code: '123456' } },
    ]);
  });

  it('takes a recovery code instead, and Back starts over with the email kept', async () => {
    const calls = twoFactorServer('abcde-12345');
    const { user, router } = renderLogin();
    await passFirstStep(user);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(screen.getByText('Enter a recovery code.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls.at(-1)?.body).toEqual({ user: { email: 'ana@example.com', password: 'right password', otp_code: 'abcde-12345' } });
  });

  it('a wrong password stays on the first step with the usual message, said once (issue 14)', async () => {
    twoFactorServer('123456');
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    // Inline beside the form only: no toast repeating it (the test renderer mounts a toaster).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Invalid email or password.')).toHaveLength(1);
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
  });
});
