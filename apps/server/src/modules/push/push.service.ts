import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { describeDevice, PUSH_MAX_DEVICES, PUSH_TEST_PAYLOAD, type PushSubscriptionBody, type PushSubscriptionInfo } from '@sunin/contract';
import ipaddr from 'ipaddr.js';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { pushOutbox, pushSubscriptions, type PushSubscriptionRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { isAllowedAddress } from '../../lib/safe-target.js';

/** Push is on only with VAPID keys (production without them: 503, and a start-up notice). */
function vapidKeys(ctx: AppContext) {
  if (!ctx.config.push) throw new AppError('service_unavailable', 'Notifications on devices are not set up on this server yet. Ask the SunIn team to configure web push.');
  return ctx.config.push;
}

/** `GET /api/push/vapid_public_key`: what the browser's `applicationServerKey` takes. */
export function vapidPublicKey(ctx: AppContext): { public_key: string } {
  return { public_key: vapidKeys(ctx).publicKey };
}

const isLoopbackHost = (host: string) => host === 'localhost' || (ipaddr.isValid(host) && ipaddr.parse(host).range() === 'loopback');

/**
 * What the contract cannot know (it does not know the configuration): the endpoint is https, or
 * http to a loopback host outside production (a local push service, tests); it holds no user
 * name or password; an IP literal is an address the portal may connect to. A host name is
 * checked again, resolved, at every connection (safe-target.ts), so one that points at a private
 * address later is refused then.
 */
function endpointProblem(ctx: AppContext, endpoint: string): string | null {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol !== 'https:' && (ctx.config.isProduction || !isLoopbackHost(host))) return 'endpoint must be an https address.';
  if (url.username || url.password) return 'endpoint must not contain a user name or password.';
  if (isIP(host) !== 0 && !isAllowedAddress(host, { isProduction: ctx.config.isProduction })) return 'endpoint must point to a public address.';
  return null;
}

/** Whether p256dh is a point of the P-256 curve (the contract checked its form). */
function isCurvePoint(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

export function toPushSubscriptionInfo(row: PushSubscriptionRow): PushSubscriptionInfo {
  return { id: row.id, device: row.device, created_at: row.created_at.toISOString() };
}

/**
 * Turns notifications on for one device (`POST /api/push/subscriptions`), tied to the session
 * that asks (`sessionId`): when that session ends, the device stops receiving the member's
 * notifications (deletePushSubscriptionsOfSessions). The same endpoint again updates its keys
 * and session (`created: false`): the device panel sends it again on each load, so a device
 * follows its member from one session to the next. An endpoint another user holds moves to this
 * one (a shared device signed in as someone else) only with the keys it holds: the same browser
 * keeps its keys, so anyone else who merely learnt the endpoint gets 409 and cannot take another
 * member's device. A move drops the other user's pushes still waiting for it. A user keeps at
 * most PUSH_MAX_DEVICES devices: the oldest beyond goes.
 */
export async function subscribe(ctx: AppContext, user: UserRow, sessionId: number, body: PushSubscriptionBody, userAgent: string): Promise<{ row: PushSubscriptionRow; created: boolean }> {
  vapidKeys(ctx);
  const problem = endpointProblem(ctx, body.endpoint);
  if (problem) throw new AppError('validation_failed', problem, { endpoint: problem });
  if (!isCurvePoint(body.keys.p256dh)) throw new AppError('validation_failed', 'keys.p256dh must be a P-256 public key.', { p256dh: 'keys.p256dh must be a P-256 public key.' });
  const values = {
    session_id: sessionId,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    expires_at: typeof body.expirationTime === 'number' ? new Date(body.expirationTime) : null,
    device: describeDevice(userAgent),
  };
  return ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(pushSubscriptions)
      .values({ user_id: user.id, endpoint: body.endpoint, ...values })
      .onConflictDoNothing({ target: pushSubscriptions.endpoint })
      .returning();
    let row = inserted;
    let created = true;
    if (!row) {
      const [held] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint)).for('update').limit(1);
      if (!held) throw new AppError('conflict', 'This device was turned off at the same moment. Turn it on again.');
      const moved = held.user_id !== user.id;
      if (moved && (held.p256dh !== body.keys.p256dh || held.auth !== body.keys.auth)) {
        throw new AppError('conflict', 'This push address belongs to another member’s device. Turn notifications off on this device, then on again.');
      }
      // The other user's notifications must not reach the device now signed in as this one.
      if (moved) await tx.delete(pushOutbox).where(and(eq(pushOutbox.subscription_id, held.id), isNull(pushOutbox.sent_at)));
      [row] = await tx
        .update(pushSubscriptions)
        .set({ ...values, user_id: user.id, ...(moved ? { created_at: new Date(), last_success_at: null, consecutive_failures: 0 } : {}) })
        .where(eq(pushSubscriptions.id, held.id))
        .returning();
      created = moved;
    }
    const kept = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, user.id)).orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id)).limit(PUSH_MAX_DEVICES);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.user_id, user.id), notInArray(pushSubscriptions.id, kept)));
    return { row: row!, created };
  });
}

/**
 * The devices of sessions that end (sessions.service endSessionsIn, in its transaction): a
 * device takes a member's notifications only while the session that turned it on lives.
 */
export async function deletePushSubscriptionsOfSessions(tx: Executor, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.session_id, sessionIds));
}

/** Turns notifications off for one device of the caller; another user's endpoint, or an unknown one, answers 404. */
export async function unsubscribe(ctx: AppContext, user: UserRow, endpoint: string): Promise<void> {
  const removed = await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, user.id))).returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('not_found', 'No device of yours has notifications on with this endpoint.');
}

/** The caller's devices that take notifications, newest first. */
export async function listSubscriptions(ctx: AppContext, user: UserRow): Promise<PushSubscriptionRow[]> {
  return ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, user.id)).orderBy(desc(pushSubscriptions.created_at), desc(pushSubscriptions.id));
}

/**
 * A test notification to each of the caller's devices (`POST /api/push/test`, at most once a
 * minute: rate-limits.ts pushTestPerUser); 422 with none. Not sent to a device that still has an
 * unsent test (a slow or unreachable push service would
 * otherwise collect them).
 */
export async function sendTestPush(ctx: AppContext, user: UserRow): Promise<number> {
  vapidKeys(ctx);
  // Both drivers answer a raw statement with its rows under `rows`.
  const { rows } = (await ctx.db.execute(
    sql`insert into ${pushOutbox} (subscription_id, payload)
      select s.id, ${JSON.stringify(PUSH_TEST_PAYLOAD)}::jsonb from ${pushSubscriptions} s
      where s.user_id = ${user.id}
        and not exists (select 1 from ${pushOutbox} o where o.subscription_id = s.id and o.notification_id is null and o.sent_at is null and o.failed_at is null)
      returning id`,
  )) as unknown as { rows: unknown[] };
  if (rows.length === 0) {
    const [any] = await ctx.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, user.id)).limit(1);
    throw new AppError('rule_broken', any ? 'A test notification is still on its way to each of your devices. Please wait for it.' : 'Turn on notifications on this device first.');
  }
  ctx.push.wake();
  return rows.length;
}
