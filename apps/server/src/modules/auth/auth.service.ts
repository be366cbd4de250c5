import { MESSAGES, RESET_TOKEN_LIFETIME_MS, VERIFICATION_EMAIL_MESSAGES, isValidEmail, normalizeEmail, type SignupUser } from '@sunin/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation, type Executor } from '../../db/client.js';
import { userTokens, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Authenticated, ClientInfo, SecondFactorAttempts } from '../../lib/authentication.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens.js';
import { passwordResetMail, verificationMail } from './auth.mail.js';
import { assertLoginSecondFactor } from '../mfa/mfa.service.js';
import { createNotifications } from '../notifications/notifications.service.js';
import { closeSockets, endSessions, endSessionsIn, startSession, userChanged } from './sessions.service.js';

const WELCOME = {
  kind: 'welcome' as const,
  title: 'Welcome to SunIn',
  message: 'Your partner account is ready. Submit your first commercial solar project with the New Project button.',
  subject: null,
};
const VERIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface Session {
  user: UserRow;
  token: string;
}

/** 409 with a message per taken field; `exceptUserId` skips the caller's own record. */
export async function assertIdentityAvailable(
  db: Executor,
  wanted: { email?: string | undefined; user_name?: string | undefined },
  exceptUserId?: number,
): Promise<void> {
  const clauses = [
    wanted.email ? eq(users.email, wanted.email) : undefined,
    wanted.user_name ? eq(users.user_name, wanted.user_name) : undefined,
  ].filter((clause) => clause !== undefined);
  if (clauses.length === 0) return;
  const taken = await db
    .select({ id: users.id, email: users.email, user_name: users.user_name })
    .from(users)
    .where(or(...clauses));
  const fields: Record<string, string> = {};
  for (const row of taken) {
    if (row.id === exceptUserId) continue;
    if (wanted.email && row.email === wanted.email) fields.email = MESSAGES.emailTaken;
    if (wanted.user_name && row.user_name === wanted.user_name) fields.user_name = MESSAGES.usernameTaken;
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError('conflict', first, fields);
}

export function identityConflict(): AppError {
  return new AppError('conflict', 'That email or username was just taken. Please choose another.');
}

export async function signup(ctx: AppContext, input: SignupUser, client: ClientInfo): Promise<Session> {
  await assertIdentityAvailable(ctx.db, input);
  assertPasswordAllowed(input.password, input);
  const password_digest = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          first_name: input.first_name,
          last_name: input.last_name,
          user_name: input.user_name,
          email: input.email,
          password_digest,
          phone_number: input.phone_number,
          referrer_name: input.referrer_name,
          address_1: input.address_1,
          address_2: input.address_2,
          city: input.city,
          state: input.state,
          zip: input.zip,
          account_type: input.account_type,
          last_activity_at: new Date(),
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await queueVerificationMail(ctx, tx, created);
      await createNotifications(tx, [created.id], WELCOME);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw identityConflict();
    throw error;
  }
  ctx.mailer.wake();
  const { token } = await startSession(ctx, ctx.db, user.id, client);
  return { user, token };
}

/**
 * A new verification link for `user`, and its mail in the outbox, in the caller's transaction
 * (docs/decisions/008): the link exists if and only if its mail will be sent. Call
 * `ctx.mailer.wake()` after the commit.
 */
export async function queueVerificationMail(ctx: AppContext, tx: Executor, user: Pick<UserRow, 'id' | 'email' | 'first_name'>): Promise<void> {
  const token = await createVerificationToken(tx, user.id);
  const link = `${ctx.config.appUrl}/verify_email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.enqueue(tx, verificationMail(user.email, user.first_name, link));
}

/**
 * POST /api/user/verification_email (issue 34 item 7): a new link to the caller's own address,
 * only while it is unverified (409 otherwise). `limit` runs after that check and before the
 * mail, so only mails that would be sent count against the caller's hourly limit.
 */
export async function resendVerificationMail(ctx: AppContext, userId: number, limit: () => Promise<void>): Promise<string> {
  // Read fresh: the session's cached user may predate a verification made in another tab.
  const [user] = await ctx.db.select({ id: users.id, email: users.email, first_name: users.first_name, email_verified_at: users.email_verified_at }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized', 'Please sign in again.');
  if (user.email_verified_at !== null) throw new AppError('conflict', VERIFICATION_EMAIL_MESSAGES.alreadyVerified);
  await limit();
  await ctx.db.transaction((tx) => queueVerificationMail(ctx, tx, user));
  ctx.mailer.wake();
  return VERIFICATION_EMAIL_MESSAGES.sent(user.email);
}

export async function createVerificationToken(db: Executor, userId: number): Promise<string> {
  const verification = createOpaqueToken();
  await db.insert(userTokens).values({
    user_id: userId,
    purpose: 'email_verification',
    token_hash: verification.hash,
    expires_at: new Date(Date.now() + VERIFICATION_LIFETIME_MS),
  });
  return verification.token;
}

/**
 * The password is checked first; with two-factor on, a code must follow (mfa.service.ts). Every
 * failure answers invalid_credentials, so the rate limits count it like a wrong password.
 */
export async function login(ctx: AppContext, email: string, password: string, client: ClientInfo, otpCode?: string, codeAttempts?: SecondFactorAttempts): Promise<Session> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  if (!user) {
    await burnPasswordCheck(password);
    throw new AppError('invalid_credentials', MESSAGES.loginFailed);
  }
  if (!(await verifyPassword(user.password_digest, password))) {
    throw new AppError('invalid_credentials', MESSAGES.loginFailed);
  }
  await assertLoginSecondFactor(ctx, user, otpCode, codeAttempts);
  const [updated] = await ctx.db
    .update(users)
    .set({ last_activity_at: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await userChanged(ctx, [user.id]);
  const { token } = await startSession(ctx, ctx.db, user.id, client);
  return { user: updated ?? user, token };
}

/** The caller's session ends: its token stops working at once and its websockets close everywhere. */
export async function logout(ctx: AppContext, auth: Authenticated): Promise<void> {
  await endSessions(ctx, auth.user.id, { id: auth.sessionId }, 'logout');
}

/**
 * The answer is the same whether or not the email exists (DESIGN.md), and so is its time: the
 * request only starts the work, which runs after the answer (docs/decisions/008). Looking the
 * account up, the token and its mail would otherwise take longer for an account that exists.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  ctx.background.run('password reset request', () => createPasswordReset(ctx, email));
}

/**
 * A new reset link replaces any earlier unused one, and its mail goes to the outbox in the same
 * transaction. The user row is locked so that two requests at once leave one valid link.
 */
export async function createPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const reset = createOpaqueToken();
  const queued = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1).for('update');
    if (!user) return false;
    await tx
      .update(userTokens)
      .set({ used_at: new Date() })
      .where(and(eq(userTokens.user_id, user.id), eq(userTokens.purpose, 'password_reset'), isNull(userTokens.used_at)));
    await tx.insert(userTokens).values({
      user_id: user.id,
      purpose: 'password_reset',
      token_hash: reset.hash,
      expires_at: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    });
    const link = `${ctx.config.appUrl}/password-reset-form/${encodeURIComponent(reset.token)}`;
    await ctx.mailer.enqueue(tx, passwordResetMail(user.email, user.first_name, link));
    return true;
  });
  if (queued) ctx.mailer.wake();
}

/** Consumes a token of `purpose` atomically: only one of two racing requests can use it. */
async function consumeToken(db: Executor, purpose: 'password_reset' | 'email_verification', token: string) {
  const [row] = await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(userTokens.token_hash, hashOpaqueToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, new Date()),
      ),
    )
    .returning({ user_id: userTokens.user_id });
  return row;
}

/**
 * Sets the new password, spends the token, and ends every session of the account. The
 * mailed link proves the address, so it also counts as verified.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<{ email: string }> {
  const password_digest = await hashPassword(password);
  const now = new Date();
  const { email, userId, ended } = await ctx.db.transaction(async (tx) => {
    const spent = await consumeToken(tx, 'password_reset', token);
    if (!spent) throw new AppError('invalid_token', MESSAGES.resetTokenInvalid, { reset_password_token: MESSAGES.resetTokenInvalid });
    // The policy needs the account's own words; refusing here rolls back and leaves the link usable.
    const [owner] = await tx.select().from(users).where(eq(users.id, spent.user_id)).limit(1);
    if (owner) assertPasswordAllowed(password, owner);
    const [user] = await tx
      .update(users)
      .set({
        password_digest,
        updated_at: now,
        email_verified_at: sql`coalesce(${users.email_verified_at}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, spent.user_id))
      .returning({ email: users.email, userId: users.id });
    if (!user) throw new AppError('invalid_token', MESSAGES.resetTokenInvalid);
    const ended = await endSessionsIn(tx, user.userId, { allExcept: null }, 'password_reset');
    return { ...user, ended };
  });
  await userChanged(ctx, [userId]);
  await closeSockets(ctx, userId, ended);
  return { email };
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const userId = await ctx.db.transaction(async (tx) => {
    const spent = await consumeToken(tx, 'email_verification', token);
    if (!spent) throw new AppError('invalid_token', MESSAGES.verificationInvalid, { token: MESSAGES.verificationInvalid });
    await tx.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, spent.user_id));
    return spent.user_id;
  });
  await userChanged(ctx, [userId]);
}

export async function isEmailAvailable(ctx: AppContext, email: string): Promise<boolean> {
  const normalized = normalizeEmail(email);
  if (!isValidEmail(normalized)) return false;
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, normalized)).limit(1);
  return !row;
}

export async function isUsernameAvailable(ctx: AppContext, userName: string): Promise<boolean> {
  const normalized = userName.trim().toLowerCase();
  if (!/^\S+$/.test(normalized)) return false;
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.user_name, normalized)).limit(1);
  return !row;
}
