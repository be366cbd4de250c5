import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { clearSession, saveSession } from '../../../lib/session';
import { buildApiToken, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, stubFetch } from '../../../lib/test-utils';
import { createApiToken } from './create-api-token';
import { listApiTokens } from './list-api-tokens';
import { revokeApiToken } from './revoke-api-token';

const token = buildApiToken();

describe('the API token calls (issue 40 item 1)', () => {
  afterEach(() => clearSession());

  it('lists the tokens with the session, checked against the contract', async () => {
    saveSession('jwt', buildUser());
    const calls = stubFetch(() => jsonResponse({ api_tokens: [token] }));
    await expect(listApiTokens()).resolves.toEqual([token]);
    expect(calls[0]?.url.pathname).toBe('/api/user/api_tokens');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt');
  });

  it('treats a list that is not the contract’s as a failure', async () => {
    stubFetch(() => jsonResponse([token]));
    await expect(listApiTokens()).rejects.toThrow();
  });

  it('creates a token under `api_token` and hands back its text', async () => {
    const calls = stubFetch(() => jsonResponse({ api_token: token, token: 'sunin_pat_secretabcd' }, { status: 201 }));
    const body = { name: 'HubSpot sync', scopes: ['projects:read' as const], expires_in_days: null };
    await expect(createApiToken(body)).resolves.toEqual({ api_token: token, token: 'sunin_pat_secretabcd' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ api_token: body });
  });

  it('passes a 422’s field messages on', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'validation_failed', message: "Name can't be blank.", fields: { name: "Name can't be blank." } } }, { status: 422 }));
    const failure = await createApiToken({ name: ' ', scopes: ['projects:read'], expires_in_days: 30 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).fields).toEqual({ name: "Name can't be blank." });
  });

  it('revokes with DELETE and takes the 204', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    await expect(revokeApiToken(4)).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'DELETE' });
    expect(calls[0]?.url.pathname).toBe('/api/user/api_tokens/4');
  });
});
