import type { AppContext } from '../../app-context.js';
import type { SessionAuthority } from '../../lib/authentication.js';
import { noteApiTokenUse, recordApiTokenRequest } from '../api-tokens/api-tokens.service.js';
import { authenticate, liveSessionUsers } from './sessions.service.js';

/**
 * The sessions and API tokens as the auth and realtime plugins use them. buildApp hands it to
 * them, since plugins import no module (docs/decisions/057).
 */
export function sessionAuthority(ctx: AppContext): SessionAuthority {
  return {
    authenticate: (credential, from) => authenticate(ctx, credential, from),
    liveSessionUsers: (jtis) => liveSessionUsers(ctx, jtis),
    noteApiTokenUse: (token) => noteApiTokenUse(ctx, token),
    recordApiTokenRequest: (request) => recordApiTokenRequest(ctx, request),
  };
}
