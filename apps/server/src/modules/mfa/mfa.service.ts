import { ADMIN_REAUTH_MESSAGES, MFA_MESSAGES, MESSAGES, type MfaSetup } from '@sunin/contract';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { mfaRecoveryCodes, users, type UserRow } from '../../db/schema/index.js';
import { AppError, ReauthenticationFailed } from '../../lib/app-error.js';
import type { SecondFactorAttempts } from '../../lib/authentication.js';
import { assertCurrentPassword, assertCurrentPasswordGiven, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { mfaResetMail, secondStepLockedMail } from '../auth/auth.mail.js';
import { closeSockets, endSessionsIn, userChanged } from '../auth/sessions.service.js';
import { asTotpCode, matchingStep, newRecoveryCodes, newTotpSecret, normalizeRecoveryCode, otpauthUrl } from './totp.js';
import { recordAudit } from '../audit/audit.service.js';

/**
 * Two-factor sign-in (issue 13 item 5, ASVS 6.3.3, 6.5.x; docs/decisions/010). The secret is
 * kept encrypted; a TOTP code is accepted once (the accepted time step is stored and any step
 * at or before it is refused); recovery codes are hashed like passwords and used once.
 */

const box = (ctx: AppContext) => createSecretBox(ctx.config.mfaEncryptionKey);

async function loadUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthorized', 'You need to sign in or sign up before continuing.');
  return user;
}

export const isMfaEnabled = (user: UserRow) => user.mfa_enabled_at !== null;

/** Starts (or restarts) a setup: a new secret replaces any pending one; nothing is active yet. */
export async function startMfaSetup(ctx: AppContext, userId: number, currentPassword: string): Promise<MfaSetup> {
  const user = await loadUser(ctx, userId);
  await assertCurrentPassword(user.password_digest, currentPassword);
  if (isMfaEnabled(user)) throw new AppError('conflict', MFA_MESSAGES.alreadyOn);
  const secret = newTotpSecret();
  const [updated] = await ctx.db
    .update(users)
    .set({ mfa_secret: box(ctx).encrypt(secret), mfa_last_step: null, updated_at: new Date() })
    .where(and(eq(users.id, userId), isNull(users.mfa_enabled_at)))
    .returning({ id: users.id });
  if (!updated) throw new AppError('conflict', MFA_MESSAGES.alreadyOn);
  await userChanged(ctx, [userId]);
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

/**
 * The first code from the app proves it holds the secret: two-factor turns on and ten recovery
 * codes are made, returned this once and stored only as hashes.
 */
export async function confirmMfa(ctx: AppContext, userId: number, code: string, keepSessionId: number): Promise<string[]> {
  const user = await loadUser(ctx, userId);
  if (isMfaEnabled(user)) throw new AppError('conflict', MFA_MESSAGES.alreadyOn);
  if (!user.mfa_secret) throw new AppError('conflict', MFA_MESSAGES.notPending);
  let pendingSecret: string;
  try {
    pendingSecret = box(ctx).decrypt(user.mfa_secret);
  } catch {
    // Sealed under another MFA_ENCRYPTION_KEY: a new setup is the way on.
    throw new AppError('conflict', MFA_MESSAGES.notPending);
  }
  const digits = asTotpCode(code);
  const step = digits === undefined ? null : matchingStep(pendingSecret, digits, Date.now());
  if (step === null) throw new AppError('validation_failed', MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((recoveryCode) => hashPassword(normalizeRecoveryCode(recoveryCode)!)));
  const ended = await ctx.db.transaction(async (tx) => {
    // Only the secret that was read, still pending, and a step not used before.
    const [turnedOn] = await tx
      .update(users)
      .set({ mfa_enabled_at: new Date(), mfa_last_step: step, updated_at: new Date() })
      .where(and(eq(users.id, userId), eq(users.mfa_secret, user.mfa_secret!), isNull(users.mfa_enabled_at), or(isNull(users.mfa_last_step), lt(users.mfa_last_step, step))))
      .returning({ id: users.id });
    if (!turnedOn) throw new AppError('conflict', MFA_MESSAGES.notPending);
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
    await tx.insert(mfaRecoveryCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
    // A changed factor ends every other session (ASVS 7.4.3): they signed in without it.
    return endSessionsIn(tx, userId, { allExcept: keepSessionId }, 'mfa_changed');
  });
  await userChanged(ctx, [userId]);
  await closeSockets(ctx, userId, ended);
  return codes;
}

/** Turning it off takes the password and a code (TOTP or recovery); the secret and codes are deleted. */
export async function disableMfa(ctx: AppContext, userId: number, currentPassword: string, code: string, keepSessionId: number): Promise<void> {
  const user = await loadUser(ctx, userId);
  await assertCurrentPassword(user.password_digest, currentPassword);
  if (!isMfaEnabled(user)) throw new AppError('conflict', MFA_MESSAGES.notOn);
  if (!(await verifySecondFactor(ctx, user, code))) throw new ReauthenticationFailed(MFA_MESSAGES.wrongCode, { code: MFA_MESSAGES.wrongCode });
  const ended = await ctx.db.transaction(async (tx) => {
    await removeSecondFactor(tx, userId);
    return endSessionsIn(tx, userId, { allExcept: keepSessionId }, 'mfa_changed');
  });
  await userChanged(ctx, [userId]);
  await closeSockets(ctx, userId, ended);
}

/**
 * An administrator turns off the two-factor sign-in of a member who lost both the device and
 * the recovery codes, after proving who they are (ASVS 6.4.4; the procedure is in
 * docs/decisions/010). Every session of the member ends, and the member is told by email.
 * Never for the administrator's own account: that goes through the password and a code.
 */
export async function resetMfaByAdmin(ctx: AppContext, admin: UserRow, userId: number, currentPassword: string | undefined): Promise<void> {
  // The admin's own password first (issue 34 item 2): a stolen admin token alone cannot strip
  // a member's second factor.
  await assertCurrentPasswordGiven(admin.password_digest, currentPassword, ADMIN_REAUTH_MESSAGES.required);
  const adminId = admin.id;
  if (adminId === userId) throw new AppError('conflict', MFA_MESSAGES.ownReset);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'User not found.');
  if (!isMfaEnabled(user)) throw new AppError('conflict', MFA_MESSAGES.notOnForUser);
  const ended = await ctx.db.transaction(async (tx) => {
    await removeSecondFactor(tx, userId);
    await recordAudit(tx, { actorId: adminId, action: 'mfa_reset', entityType: 'user', entityId: userId, changes: { mfa_enabled: { before: true, after: false } } });
    await ctx.mailer.enqueue(tx, mfaResetMail(user.email, user.first_name, `${ctx.config.appUrl}/request-password-reset`, ctx.config.supportEmail));
    return endSessionsIn(tx, userId, { allExcept: null }, 'mfa_changed');
  });
  ctx.log.info({ adminId, userId }, 'two-factor sign-in reset by an administrator');
  await userChanged(ctx, [userId]);
  await closeSockets(ctx, userId, ended);
  ctx.mailer.wake();
}

async function removeSecondFactor(tx: Executor, userId: number): Promise<void> {
  await tx.update(users).set({ mfa_secret: null, mfa_enabled_at: null, mfa_last_step: null, updated_at: new Date() }).where(eq(users.id, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
}

/**
 * True when `code` is a TOTP code of a step after the last accepted one, or an unused recovery
 * code; either is spent atomically, so of two racing requests with the same code only one wins.
 */
export async function verifySecondFactor(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.mfa_enabled_at || !user.mfa_secret) return false;
  const digits = asTotpCode(code);
  if (digits !== undefined) {
    let secret: string;
    try {
      secret = box(ctx).decrypt(user.mfa_secret);
    } catch (error) {
      // A changed MFA_ENCRYPTION_KEY: the member can still use a recovery code.
      ctx.log.error({ err: error, userId: user.id }, 'two-factor secret does not decrypt');
      return false;
    }
    const step = matchingStep(secret, digits, Date.now());
    if (step === null) return false;
    const [accepted] = await ctx.db
      .update(users)
      .set({ mfa_last_step: step })
      .where(and(eq(users.id, user.id), isNotNull(users.mfa_enabled_at), or(isNull(users.mfa_last_step), lt(users.mfa_last_step, step))))
      .returning({ id: users.id });
    if (accepted) await userChanged(ctx, [user.id]);
    return accepted !== undefined;
  }
  const recovery = normalizeRecoveryCode(code);
  if (recovery === undefined) return false;
  const unused = await ctx.db
    .select({ id: mfaRecoveryCodes.id, code_hash: mfaRecoveryCodes.code_hash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.user_id, user.id), isNull(mfaRecoveryCodes.used_at)));
  for (const row of unused) {
    if (!(await verifyPassword(row.code_hash, recovery))) continue;
    const [spent] = await ctx.db
      .update(mfaRecoveryCodes)
      .set({ used_at: new Date() })
      .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.used_at)))
      .returning({ id: mfaRecoveryCodes.id });
    return spent !== undefined;
  }
  return false;
}

/**
 * The second step of a login whose password was right. Without a code: 401 mfa_required (the
 * only answer that tells the password was right). A wrong or spent code is a failed sign-in,
 * answered exactly like a wrong password, and counted per account as well: the wrong code that
 * uses the last attempt locks the second step, and the owner hears of it once.
 */
export async function assertLoginSecondFactor(ctx: AppContext, user: UserRow, otpCode: string | undefined, attempts?: SecondFactorAttempts): Promise<void> {
  if (!isMfaEnabled(user)) return;
  if (otpCode === undefined || otpCode.trim() === '') throw new AppError('mfa_required', MFA_MESSAGES.codeRequired);
  const { last } = (await attempts?.take()) ?? { last: false };
  if (await verifySecondFactor(ctx, user, otpCode)) {
    await attempts?.succeeded();
    return;
  }
  if (last) ctx.background.run('second-step lock notice', () => notifySecondStepLocked(ctx, user));
  // Answered exactly like a wrong password (and counted per address like one).
  throw new AppError('invalid_credentials', MESSAGES.loginFailed);
}

/**
 * Wrong codes locked the second step of this account's sign-in (issue 34 item 1): the owner
 * hears of it once per lock, since whoever typed them knew the password.
 */
async function notifySecondStepLocked(ctx: AppContext, user: Pick<UserRow, 'id' | 'email' | 'first_name'>): Promise<void> {
  const { mfaFailuresPerAccount, mfaFailureWindowMs } = ctx.config.rateLimits;
  ctx.log.warn({ userId: user.id }, 'two-factor sign-in locked after wrong codes');
  await ctx.mailer.send(
    secondStepLockedMail(user.email, user.first_name, { failures: mfaFailuresPerAccount, minutes: Math.ceil(mfaFailureWindowMs / 60_000) }, `${ctx.config.appUrl}/request-password-reset`, ctx.config.supportEmail),
  );
}
