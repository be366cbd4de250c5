import { normalizeEmail, type AdminUser } from '@sunin/contract';
import type { AdminUserUpdate } from '../api/update-user';
import { accountTypeLabel, roleLabel } from './role-labels';

export interface AccessChange {
  field: 'Account type' | 'Company role' | 'Email';
  from: string;
  to: string;
  /** What the change does beyond the label, when it does something a person should know first. */
  consequence?: string;
}

const FULL_ACCESS_ADMIN = 'full_access_admin';

/**
 * The account-type, company-role and email changes a save would make. They decide what a
 * person may see and do, and who owns the account, so the admin confirms them first (issue 14
 * item 18; the email, issue 34 item 2).
 */
export function accessChanges(user: AdminUser, form: AdminUserUpdate): AccessChange[] {
  const changes: AccessChange[] = [];
  if (form.email !== undefined && normalizeEmail(form.email) !== normalizeEmail(user.email)) {
    changes.push({ field: 'Email', from: user.email, to: normalizeEmail(form.email), consequence: 'The old address is told, and they are signed out everywhere.' });
  }
  if (form.account_type !== undefined && form.account_type !== user.account_type) {
    changes.push({
      field: 'Account type',
      from: accountTypeLabel(user.account_type),
      to: accountTypeLabel(form.account_type),
      ...(form.account_type === 'sales_partner' ? { consequence: 'Sales Partners need an active subscription to create or change projects.' } : {}),
    });
  }
  const role = form.company_role === undefined ? (user.company_role ?? null) : form.company_role || null;
  if (role !== (user.company_role ?? null)) {
    const consequence =
      role === FULL_ACCESS_ADMIN
        ? 'Full Access Admins open the Admin Portal: every member, project and proposal.'
        : user.company_role === FULL_ACCESS_ADMIN
          ? 'They lose the Admin Portal.'
          : undefined;
    changes.push({ field: 'Company role', from: roleLabel(user.company_role), to: roleLabel(role), ...(consequence ? { consequence } : {}) });
  }
  return changes;
}

/** "Account type is now Sales Partner. Company role is now None." */
export function describeAccessChanges(changes: AccessChange[]): string {
  return changes.map((change) => `${change.field} is now ${change.to}.`).join(' ');
}
