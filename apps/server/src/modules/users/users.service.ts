import {
  EMAIL_CHANGE_MESSAGES,
  PARTNER_ACCOUNT_TYPES,
  normalizeUserFields,
  type AccountType,
} from '@sunin/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation, type Executor } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { assertCurrentPassword as assertPasswordOf, assertCurrentPasswordGiven, hashPassword } from '../../lib/passwords.js';
import { emailChangedMail } from '../auth/auth.mail.js';
import { assertIdentityAvailable, identityConflict, queueVerificationMail } from '../auth/auth.service.js';
import type { Authenticated, ClientInfo } from '../../lib/authentication.js';
import { closeSockets, endSessionsIn, startSession, userChanged } from '../auth/sessions.service.js';

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
  /** The partner's company, shown on their customer links (issue 36 item 2). */
  company_name?: string;
  /** Required when `email` changes (ASVS 7.5.1); never stored. */
  current_password?: string;
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

/**
 * A member edits their own record. Changing the email is a takeover path (issue 13 item 6,
 * ASVS 7.5.1): it needs the current password, ends every other session in the same
 * transaction, and the old address hears of it.
 */
export async function updateOwnUser(ctx: AppContext, auth: Authenticated, input: OwnUserChanges): Promise<UserRow> {
  const current = auth.user;
  // The spec's profile payload carries member_level (preset by the form), but the tier is an
  // administrator's to set (issue 13 item 9): a member's value is ignored, like project_id.
  const { member_level: _memberLevel, current_password: currentPassword, ...changes } = normalizeUserFields(input);
  assertAccountTypeChange(current.account_type, changes.account_type);
  const emailChanged = changes.email !== undefined && changes.email !== current.email;
  if (emailChanged) await assertCurrentPasswordGiven(current.password_digest, currentPassword, EMAIL_CHANGE_MESSAGES.currentPasswordRequired);
  await assertIdentityAvailable(
    ctx.db,
    {
      email: emailChanged ? changes.email : undefined,
      user_name: changes.user_name !== undefined && changes.user_name !== current.user_name ? changes.user_name : undefined,
    },
    current.id,
  );
  let endedJtis: string[] = [];
  let updated: UserRow | undefined;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ ...changes, updated_at: new Date(), ...(emailChanged ? { email_verified_at: null } : {}) })
        .where(eq(users.id, current.id))
        .returning();
      if (row && emailChanged) {
        // A new address must be confirmed again, the old one hears of it, and whoever else
        // holds a session loses it.
        await queueVerificationMail(ctx, tx, row);
        await queueEmailChangedNotice(ctx, tx, current, row.email);
        endedJtis = await endSessionsIn(tx, row.id, { allExcept: auth.sessionId }, 'email_changed');
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw identityConflict();
    throw error;
  }
  if (!updated) throw new AppError('not_found', 'User not found.');
  await userChanged(ctx, [updated.id]);
  await closeSockets(ctx, updated.id, endedJtis);
  if (emailChanged) ctx.mailer.wake();
  return updated;
}

/**
 * The notice to the old address, in the transaction of the change (docs/decisions/008); also
 * when an administrator changed it (admin.service.ts updateUser).
 */
export async function queueEmailChangedNotice(ctx: AppContext, tx: Executor, previous: UserRow, newEmail: string, changedBy: 'member' | 'administrator' = 'member'): Promise<void> {
  const resetLink = `${ctx.config.appUrl}/request-password-reset`;
  await ctx.mailer.enqueue(tx, emailChangedMail(previous.email, previous.first_name, newEmail, resetLink, ctx.config.supportEmail, changedBy));
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
  await assertPasswordOf(user.password_digest, currentPassword);
  assertPasswordAllowed(nextPassword, user);
  const password_digest = await hashPassword(nextPassword);
  const now = new Date();
  const { token, ended } = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_digest, updated_at: now }).where(eq(users.id, user.id));
    const ended = await endSessionsIn(tx, user.id, { allExcept: null }, 'password_changed');
    const fresh = await startSession(ctx, tx, user.id, client, now.getTime());
    return { token: fresh.token, ended };
  });
  await userChanged(ctx, [user.id]);
  await closeSockets(ctx, user.id, ended);
  return { token };
}
