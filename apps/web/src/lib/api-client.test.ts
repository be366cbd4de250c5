import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiRequestWithResponse, errorMessage, GENERIC_ERROR_MESSAGE, setMfaEnrollmentHandler, setUnauthorizedHandler } from './api-client';
import { clearSession, readSession, saveSession } from './session';
import { jsonResponse, stubFetch } from './test-utils';

const user = { id: 7, user_name: 'jdoe', email: 'jdoe@example.com', account_type: 'referral_partner' as const, company_role: null };

describe('api client', () => {
  afterEach(() => {
    setUnauthorizedHandler(() => {});
    clearSession();
  });

  it('sends JSON under /api with the bearer token from the authorization cookie', async () => {
    saveSession('jwt-123', user);
    const calls = stubFetch(() => jsonResponse({ ok: true }));

    await expect(apiRequest('/user/profile/edit', { method: 'POST', body: { user: { city: 'Austin' } } })).resolves.toEqual({ ok: true });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe('/api/user/profile/edit');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-123');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ user: { city: 'Austin' } });
  });

  it('sends no Authorization header without a session, and encodes query parameters', async () => {
    const calls = stubFetch(() => jsonResponse({ validEmail: true }));
    await apiRequest('/email-is-valid', { query: { email: 'a+b@example.com' } });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[0]?.url.searchParams.get('email')).toBe('a+b@example.com');
  });

  it('exposes the response headers (login reads the token from Authorization)', async () => {
    stubFetch(() => jsonResponse({ message: 'hi' }, { headers: { Authorization: 'Bearer abc' } }));
    const { headers, data } = await apiRequestWithResponse<{ message: string }>('/login', { method: 'POST', body: {}, auth: false });
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(data.message).toBe('hi');
  });

  it('turns the error body into an ApiError with status, code, message and fields', async () => {
    stubFetch(() =>
      jsonResponse(
        { error: { code: 'conflict', message: 'Email already taken.', fields: { email: 'Email already taken.' } } },
        { status: 409 },
      ),
    );
    const error = await apiRequest('/signup', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Email already taken.', fields: { email: 'Email already taken.' } });
    expect(errorMessage(error, 'fallback')).toBe('Email already taken.');
  });

  it('falls back to a generic error when the body is not the API error shape', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await apiRequest('/user/profile').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'unknown', message: GENERIC_ERROR_MESSAGE, fields: {} });
    // Screens then show their own text from the spec.
    expect(errorMessage(error, 'Email or Password are incorrect.')).toBe('Email or Password are incorrect.');
  });

  it('reads a Blob when asked (an image the page shows), and a failure still as the API error', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/user/referral/qr.png'
        ? new Response('png', { headers: { 'Content-Type': 'image/png' } })
        : jsonResponse({ error: { code: 'not_found', message: 'No such code.' } }, { status: 404 }),
    );
    const image = await apiRequest<Blob>('/user/referral/qr.png', { responseType: 'blob' });
    // Node's own Blob (fetch's), not jsdom's: read it rather than ask its class.
    expect(image.type).toBe('image/png');
    expect(await image.text()).toBe('png');
    await expect(apiRequest<Blob>('/user/referral/qr.svg', { responseType: 'blob' })).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'No such code.' });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/user/profile')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('on a 401 to a call made with a token, clears every session cookie and runs the unauthorized handler', async () => {
    saveSession('expired', { ...user, company_role: 'full_access_admin' });
    expect(Cookies.get('username')).toBe('jdoe');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => jsonResponse({ error: { code: 'unauthorized', message: 'Your session has expired.' } }, { status: 401 }));

    await expect(apiRequest('/user/profile')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });

    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(readSession()).toEqual({ token: undefined, accountType: undefined, companyRole: undefined });
    for (const name of ['username', 'email', 'id']) expect(Cookies.get(name)).toBeUndefined();
  });

  it('leaves the session alone on a 401 to a call made without a token (wrong password)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => jsonResponse({ error: { code: 'invalid_credentials', message: 'Email or Password are incorrect.' } }, { status: 401 }));

    await expect(apiRequest('/login', { method: 'POST', body: {}, auth: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not redirect when the caller opts out (logout with an expired token)', async () => {
    saveSession('expired', user);
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    stubFetch(() => jsonResponse({ error: { code: 'unauthorized', message: 'Expired.' } }, { status: 401 }));

    await expect(apiRequest('/logout', { method: 'DELETE', redirectOnUnauthorized: false })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends an administrator without two-factor to enrol when a call answers mfa_enrollment_required (ADMIN_MFA_REQUIRED)', async () => {
    saveSession('jwt-admin', { ...user, company_role: 'full_access_admin' });
    const handler = vi.fn();
    setMfaEnrollmentHandler(handler);
    stubFetch(() => jsonResponse({ error: { code: 'mfa_enrollment_required', message: 'Turn on two-factor sign-in before using the admin area.' } }, { status: 403 }));
    await expect(apiRequest('/admin/users')).rejects.toMatchObject({ status: 403, code: 'mfa_enrollment_required' });
    expect(handler).toHaveBeenCalledTimes(1);
    // Still signed in: this is not an expired session.
    expect(readSession().token).toBe('jwt-admin');
    stubFetch(() => jsonResponse({ error: { code: 'forbidden', message: 'You are not allowed to do that.' } }, { status: 403 }));
    await expect(apiRequest('/admin/users')).rejects.toMatchObject({ code: 'forbidden' });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
