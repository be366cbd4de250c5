import type { AdminUser, User } from '@sunin/contract';
import type { UserRow } from '../../db/schema/index.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The member's view of their own record: no password digest, no billing identifiers. */
export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    user_name: row.user_name,
    email: row.email,
    phone_number: row.phone_number,
    referrer_name: row.referrer_name,
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    account_type: row.account_type,
    company_role: row.company_role ?? null,
    member_level: row.member_level,
    image: row.image,
    company_name: row.company_name,
    // The version in the address: a new logo is a new URL, so no cache shows the old one.
    logo_url: row.logo_key && row.logo_updated_at ? `/api/user/logo?v=${row.logo_updated_at.getTime()}` : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    email_verified_at: iso(row.email_verified_at),
    subscription_status: row.subscription_status ?? null,
    subscription_end_date: iso(row.subscription_end_date),
    is_in_trial: row.is_in_trial,
    trial_end_date: iso(row.trial_end_date),
    mfa_enabled: row.mfa_enabled_at !== null,
  };
}

export function toAdminUserResponse(row: UserRow): AdminUser {
  return {
    ...toUserResponse(row),
    last_activity_at: iso(row.last_activity_at),
    stripe_customer_id: row.stripe_customer_id,
    stripe_subscription_id: row.stripe_subscription_id,
  };
}
