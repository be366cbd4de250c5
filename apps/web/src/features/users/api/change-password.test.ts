import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getToken, readSession, saveSession } from '../../../lib/session';
import { jsonResponse, stubFetch } from '../../../lib/test-utils';
import { changePassword } from './change-password';

const user = { id: 7, user_name: 'jdoe', email: 'jdoe@example.com', account_type: 'sales_partner' as const, company_role: null };
const change = { current_password: 'old password', password: 'new password', password_confirmation: 'new password' };

describe('changePassword', () => {
  afterEach(() => clearSession());

  it('sends the old token and keeps the tab signed in with the fresh token the server returns', async () => {
    saveSession('old-jwt', user);
    const calls = stubFetch(() => jsonResponse({ message: 'Password changed successfully.' }, { headers: { Authorization: 'Bearer fresh-jwt' } }));
    await expect(changePassword(change)).resolves.toEqual({ message: 'Password changed successfully.' });
    expect(calls[0]?.url.pathname).toBe('/api/password/edit');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old-jwt');
    expect(calls[0]?.body).toEqual({ data: change });
    expect(getToken()).toBe('fresh-jwt');
    expect(readSession()).toEqual({ token: 'fresh-jwt', accountType: 'sales_partner', companyRole: undefined });
  });

  it('keeps the token when the change fails', async () => {
    saveSession('old-jwt', user);
    stubFetch(() => jsonResponse({ error: { code: 'rule_broken', message: 'Current password is incorrect.' } }, { status: 422 }));
    await expect(changePassword(change)).rejects.toThrow('Current password is incorrect.');
    expect(getToken()).toBe('old-jwt');
  });
});
