import { ACCOUNT_TYPE_LABELS, type AccountType } from '@sunin/contract';

/** 'full_access_admin' -> 'Full Access Admin' (roles are stored spelled as the spec spells them). */
export function roleLabel(role: string | null | undefined): string {
  if (!role) return 'None';
  return role
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}

export function accountTypeLabel(type: AccountType | string): string {
  return (ACCOUNT_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
