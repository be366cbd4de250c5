import { enumLabel, type AccountType } from '@sunin/contract';

/** 'full_access_admin' -> 'Full Access Admin' (the contract's label map; stored values stay as the spec spells them). */
export function roleLabel(role: string | null | undefined): string {
  return role ? enumLabel('company_role', role) : 'None';
}

export function accountTypeLabel(type: AccountType | string): string {
  return enumLabel('account_type', type);
}
