import { ADMIN_ROLE, PARTNER_ACCOUNT_TYPES } from '@sunin/contract';
import type { Session } from './session';

/**
 * The three route guards of member-app.md 6, as pure checks on the session cookies.
 * (1) logged-in: the authorization cookie is present.
 * (2) account type: the account_type cookie is present and in the allowed list.
 * (3) company role: the company_role cookie equals the required role.
 */
export function isLoggedIn(session: Session): boolean {
  return Boolean(session.token);
}

export function hasAccountType(session: Session, allowed: readonly string[]): boolean {
  return session.accountType !== undefined && allowed.includes(session.accountType);
}

export function hasCompanyRole(session: Session, role: string): boolean {
  return session.companyRole === role;
}

/**
 * The member area's guard: the partner combination, plus full access admins, who use the member
 * area too (their admin shell links back to it as "Sales Portal").
 */
export function canOpenMemberArea(session: Session): boolean {
  return isLoggedIn(session) && (hasAccountType(session, PARTNER_ACCOUNT_TYPES) || hasCompanyRole(session, ADMIN_ROLE));
}

export function isAdmin(session: Session): boolean {
  return isLoggedIn(session) && hasCompanyRole(session, ADMIN_ROLE);
}

/**
 * Whether the session passes the guards of an app path: the admin area needs a full access
 * admin, everything else behind the guards the member area's combination. The login page asks
 * this of the page a guard turned the visitor away from.
 */
export function canOpenPath(session: Session, path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') || path.startsWith('/admin#') ? isAdmin(session) : canOpenMemberArea(session);
}
