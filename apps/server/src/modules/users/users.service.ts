import {
  MESSAGES,
  PARTNER_ACCOUNT_TYPES,
  normalizeUserFields,
  type AccountType,
} from '@sunin/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertIdentityAvailable, createVerificationToken, identityConflict, sendVerificationMail } from '../auth/auth.service.js';
import { closeSockets, endSessionsIn, startSession, type Authenticated, type ClientInfo } from '../auth/sessions.service.js';

/** The fields a member may change on their own record (profile edit and signup edit). */
export interface OwnUserChanges {
  first_name?: string;
  last_name?: string;
  user_name?: string;
  email?: string;
  phone_number?: string;
  referrer_name?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  zip?: string;
  account_type?: AccountType;
  member_level?: string;
}

/**
 * A member moves only between the two partner types (DESIGN.md: /upgradesubscription turns a
 * referral partner into a sales partner, who then pays at /checkout). Every other type and
 * every company role is an administrator's to give.
 */
function assertAccountTypeChange(current: AccountType, next: AccountType | undefined): void {
  if (next === undefined || next === current) return;
  if (!PARTNER_ACCOUNT_TYPES.includes(current) || !PARTNER_ACCOUNT_TYPES.includes(next)) {
    throw new AppError('forbidden', 'Only an administrator can change this account type.', {
      account_type: 'Only an administrator can change this account type.',
    });
  }
}

export async function updateOwnUser(ctx: AppContext, current: UserRow, input: OwnUserChanges): Promise<UserRow> {
  // The spec's profile payload carries member_level (preset by the form), but the tier is an
  // administrator's to set (issue 13 item 9): a member's value is ignored, like project_id.
  const { member_level: _memberLevel, ...changes } = normalizeUserFields(input);
  assertAccountTypeChange(current.account_type, changes.account_type);
  const emailChanged = changes.email !== undefined && changes.email !== current.email;
  await assertIdentityAvailable(
    ctx.db,
    {
      email: emailChanged ? changes.email : undefined,
      user_name: changes.user_name !== undefined && changes.user_name !== current.user_name ? changes.user_name : undefined,
    },
    current.id,
  );
  let verificationToken: string | undefined;
  let updated: UserRow | undefined;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updated_at: new Date(), ...(emailChanged ? { email_verified_at: null } : {}) })
        .where(eq(users.id, current.id))
        .returning();
      // A new address must be confirmed again.
      if (row && emailChanged) verificationToken = await createVerificationToken(tx, row.id);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw identityConflict();
    throw error;
  }
  if (!updated) throw new AppError('not_found', 'User not found.');
  if (verificationToken) await sendVerificationMail(ctx, updated, verificationToken);
  return updated;
}

/**
 * Changes the password and ends every session of the member (ASVS 7.4.3), the calling one
 * included, in the same transaction; a fresh session is returned in its place, so the tab that
 * made the change stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  auth: Authenticated,
  client: ClientInfo,
  currentPassword: string,
  nextPassword: string,
): Promise<{ token: string }> {
  const { user } = auth;
  if (!(await verifyPassword(user.password_digest, currentPassword))) {
    throw new AppError('rule_broken', MESSAGES.currentPasswordWrong, { current_password: MESSAGES.currentPasswordWrong });
  }
  assertPasswordAllowed(nextPassword, user);
  const password_digest = await hashPassword(nextPassword);
  const now = new Date();
  const { token, ended } = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_digest, updated_at: now }).where(eq(users.id, user.id));
    const ended = await endSessionsIn(tx, user.id, { allExcept: null }, 'password_changed');
    const fresh = await startSession(ctx, tx, user.id, client, now.getTime());
    return { token: fresh.token, ended };
  });
  await closeSockets(ctx, user.id, ended);
  return { token };
}
