import { ADMIN_ROLE } from '@sunin/contract';
import type { UserRow } from '../db/schema/index.js';

/**
 * Whether a user may use the admin area now: a full_access_admin, enrolled in MFA where
 * ADMIN_MFA_REQUIRED asks it (docs/decisions/010). The admin routes and the admin_changed
 * fan-out of the websockets ask the same question.
 */
export function adminStanding(config: { adminMfaRequired: boolean }, user: Pick<UserRow, 'company_role' | 'mfa_enabled_at'>): 'admin' | 'not_admin' | 'mfa_enrollment_required' {
  if (user.company_role !== ADMIN_ROLE) return 'not_admin';
  if (config.adminMfaRequired && user.mfa_enabled_at === null) return 'mfa_enrollment_required';
  return 'admin';
}
