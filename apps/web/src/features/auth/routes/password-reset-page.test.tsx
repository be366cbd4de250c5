import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { PasswordResetPage } from './password-reset-page';

function renderReset() {
  return renderRoutes(
    [
      { path: '/password-reset-form/:reset_password_token', element: <PasswordResetPage /> },
      { path: '/home', element: <p>Home page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/password-reset-form/tok-123'] },
  );
}

describe('password reset form (member-app.md 5 and 7)', () => {
  it('requires both fields and says when they do not match, without calling the server', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const { user } = renderReset();

    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('New password is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpassword2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password and password confirmation do not match.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('resets, then logs in with the returned email and goes to /home', async () => {
    const calls = stubFetch(({ url, method }) => {
      if (url.pathname === '/api/password' && method === 'PATCH') {
        return jsonResponse({ message: 'Password has been reset.', email: 'ana@example.com' });
      }
      if (url.pathname === '/api/login') {
        return jsonResponse(
          { message: 'Logged in successfully.', user: { id: 3, user_name: 'ana', email: 'ana@example.com', account_type: 'sales_partner', company_role: null } },
          { headers: { Authorization: 'Bearer jwt-after-reset' } },
        );
      }
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    });
    const { user, router } = renderReset();
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpassword1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(calls[0]?.body).toEqual({
      user: { reset_password_token: 'tok-123', password: 'newpassword1', password_confirmation: 'newpassword1' },
    });
    expect(calls[1]?.body).toEqual({ user: { email: 'ana@example.com', password: 'newpassword1' } });
    expect(await screen.findByText('Password reset successful. You are now logged in.')).toBeInTheDocument();
  });

  it("shows 'Failed to reset password.' and the server's message for a bad link", async () => {
    stubFetch(() =>
      jsonResponse(
        { error: { code: 'invalid_token', message: 'This password reset link is invalid or has expired.' } },
        { status: 422 },
      ),
    );
    const { user } = renderReset();
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpassword1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link.' })).toHaveAttribute('href', '/request-password-reset');
  });

  it("shows the server's password policy message under New Password", async () => {
    stubFetch(() =>
      jsonResponse({ error: { code: 'validation_failed', message: MESSAGES.passwordCommon, fields: { password: MESSAGES.passwordCommon } } }, { status: 422 }),
    );
    const { user } = renderReset();
    await user.type(screen.getByLabelText('New Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(MESSAGES.passwordCommon));
  });
});
