import { randomBytes } from 'node:crypto';
import type { Executor } from '../client.js';
import { users, type NewUserRow, type UserRow } from '../schema/index.js';
import { hashPassword } from '../../lib/passwords.js';

export type UserOverrides = Partial<Omit<NewUserRow, 'password_digest'>> & { password?: string };

/**
 * A user with sensible defaults and any field overridden (STYLE.md 7). Serves the tests and
 * the demo seed alike.
 */
export async function createUser(db: Executor, overrides: UserOverrides = {}): Promise<UserRow & { password: string }> {
  const suffix = randomBytes(4).toString('hex');
  const { password = 'Password123!', ...fields } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      first_name: 'Pat',
      last_name: 'Partner',
      user_name: `partner-${suffix}`,
      email: `partner-${suffix}@example.com`,
      phone_number: '5551234567',
      address_1: '100 main st',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      account_type: 'referral_partner',
      ...fields,
      password_digest: await hashPassword(password),
    })
    .returning();
  if (!row) throw new Error('createUser: no row returned');
  return { ...row, password };
}
