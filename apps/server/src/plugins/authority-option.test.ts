import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionAuthority } from '../lib/authentication.js';
import { authPlugin, type AuthPluginOptions } from './auth.js';
import { realtimePlugin, type RealtimePluginOptions } from './realtime.js';

/*
 * The auth and realtime plugins take the sessions they authenticate against from buildApp
 * (docs/decisions/057). Registered without them, the app refuses to start and says what is
 * missing, rather than starting and answering every signed-in request with a 500.
 */

const unused = async (): Promise<never> => {
  throw new Error('not called');
};
const fullAuthority: SessionAuthority = { authenticate: unused, liveSessionUsers: unused, noteApiTokenUse: unused, recordApiTokenRequest: unused };

/** The error app.ready() fails with once `register` has registered a plugin on a bare app, or undefined if it starts. */
async function startError(register: (app: ReturnType<typeof Fastify>) => void): Promise<Error | undefined> {
  const app = Fastify();
  register(app);
  try {
    await app.ready();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    await app.close();
  }
}

describe('the authority option of the auth and realtime plugins', () => {
  it('refuses to start the auth plugin without one', async () => {
    const error = await startError((app) => app.register(authPlugin, {} as AuthPluginOptions));
    expect(error?.message).toBe(
      'The auth plugin needs the option authority, a SessionAuthority (modules/auth/session-authority.ts, as buildApp passes it): none was given.',
    );
  });

  it('refuses to start the realtime plugin without one', async () => {
    const error = await startError((app) => app.register(realtimePlugin, {} as RealtimePluginOptions));
    expect(error?.message).toContain('The realtime plugin needs the option authority');
  });

  it('names the methods an incomplete authority lacks', async () => {
    const { authenticate } = fullAuthority;
    const error = await startError((app) => app.register(authPlugin, { authority: { authenticate } as unknown as SessionAuthority }));
    expect(error?.message).toContain('the one given lacks liveSessionUsers, noteApiTokenUse, recordApiTokenRequest.');
  });

  it('starts the auth plugin with a whole one', async () => {
    expect(await startError((app) => app.register(authPlugin, { authority: fullAuthority }))).toBeUndefined();
  });
});
