import type { FastifyRequest } from 'fastify';
import type { AuthHook } from '../../plugins/auth.js';
import type { ProjectScope } from './project-access.js';

/** Where the project routes live and who is asking: the member's own projects, or the admin area. */
export interface ProjectRoutesOptions {
  /** '/projects' (member) or '/admin/projects' (admin). */
  prefix: string;
  scopeOf(request: FastifyRequest): ProjectScope;
  /** member-app.md 7 says PATCH; public-site-and-admin.md 7 says PUT. */
  updateMethod: 'patch' | 'put';
  /** The check for downloads, which a browser loads by itself (cookie allowed). */
  downloadAuth: AuthHook;
  tagPrefix?: string;
  /** Tickets exist in the member API only (the admin table lists no tickets). */
  withTickets: boolean;
}
