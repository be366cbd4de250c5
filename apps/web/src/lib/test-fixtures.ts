import type { User } from '@sunin/contract';

/** A complete GET /api/user/profile answer; override what a test cares about. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 3,
    first_name: 'Ana',
    last_name: 'Lopez',
    user_name: 'ana',
    email: 'ana@example.com',
    phone_number: '5125550100',
    referrer_name: '',
    address_1: '1 main st',
    address_2: '',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    account_type: 'referral_partner',
    company_role: null,
    member_level: null,
    image: null,
    created_at: '2025-01-05T10:00:00.000Z',
    updated_at: '2025-01-05T10:00:00.000Z',
    email_verified_at: null,
    subscription_status: null,
    subscription_end_date: null,
    is_in_trial: false,
    trial_end_date: null,
    ...overrides,
  };
}
