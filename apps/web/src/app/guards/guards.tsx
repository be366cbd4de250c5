import { Navigate, Outlet, useLocation } from 'react-router';
import { ADMIN_ROLE, PARTNER_ACCOUNT_TYPES, type CompanyRole } from '@sunin/contract';
import { locationToPath, type FromState } from '../../lib/redirect';
import { readSession, type Session } from '../../lib/session';
import { hasAccountType, hasCompanyRole, isLoggedIn } from '../../lib/access';

/**
 * A rejected visitor goes to /login, replacing the history entry and remembering the page
 * (path and search) in the location state `from` (member-app.md 2 "Login").
 */
function Guard({ allows }: { allows: (session: Session) => boolean }) {
  const location = useLocation();
  if (!allows(readSession())) {
    const state: FromState = { from: locationToPath(location) };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** Guard 1: the authorization cookie is present. */
export function RequireLoggedIn() {
  return <Guard allows={isLoggedIn} />;
}

/**
 * Guard 2: the account_type cookie is in `allowed`. Holders of `alsoRole` pass as well, so that
 * full access admins can use the member area (Sales Portal link of the admin shell).
 */
export function RequireAccountType({ allowed, alsoRole }: { allowed: readonly string[]; alsoRole?: CompanyRole }) {
  return (
    <Guard
      allows={(session) =>
        isLoggedIn(session) &&
        (hasAccountType(session, allowed) || (alsoRole !== undefined && hasCompanyRole(session, alsoRole)))
      }
    />
  );
}

/** Guard 3: the company_role cookie equals `role`. */
export function RequireCompanyRole({ role }: { role: CompanyRole }) {
  return <Guard allows={(session) => isLoggedIn(session) && hasCompanyRole(session, role)} />;
}

/** The partner combination (referral_partner, sales_partner), open to full access admins too. */
export function RequirePartner() {
  return <RequireAccountType allowed={PARTNER_ACCOUNT_TYPES} alsoRole={ADMIN_ROLE} />;
}

/** The admin combination: company_role full_access_admin. */
export function RequireAdmin() {
  return <RequireCompanyRole role={ADMIN_ROLE} />;
}
