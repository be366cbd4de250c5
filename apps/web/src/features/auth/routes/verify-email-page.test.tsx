import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { VerifyEmailPage } from './verify-email-page';

const renderStrict = (url: string) => renderRoutes([{ path: '/verify_email', element: <VerifyEmailPage /> }], { initialEntries: [url], strictMode: true });

describe('email verification (public-site-and-admin.md 2.5)', () => {
  it('says so when there is no token', () => {
    const calls = stubFetch(() => jsonResponse({}));
    renderStrict('/verify_email');
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token found.');
    expect(calls).toHaveLength(0);
  });

  it('calls the API once under StrictMode and shows the server message in a green box', async () => {
    const calls = stubFetch(() => jsonResponse({ message: 'Email verification successful!' }));
    renderStrict('/verify_email?token=abc');
    expect(await screen.findByText('Email verification successful!')).toHaveAttribute('role', 'status');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('shows the failure text in a red box', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'invalid_token', message: 'Used.' } }, { status: 422 }));
    renderStrict('/verify_email?token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify email. Please try again.');
  });
});
