import { randomBytes } from 'node:crypto';
import { REFERRAL_CODE_PATTERN } from '@sunin/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { referralClicks, referralCodes, users } from '../../db/schema/index.js';
import { isPartnerAccount } from './lead-rules.js';

/** A visitor who opens the same partner's link again within this time is not counted twice. */
export const CLICK_REUSE_MS = 30 * 60_000;

/** The partner whose link `/r/{code}` is, if the code is well formed and its account can still refer. */
export async function partnerOfCode(db: Executor, rawCode: string): Promise<number | null> {
  const code = rawCode.toLowerCase();
  if (!REFERRAL_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select({ userId: referralCodes.user_id })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.user_id))
    .where(and(eq(referralCodes.code, code), isPartnerAccount))
    .limit(1);
  return row?.userId ?? null;
}

/** Whether the cookie already names a click of this partner from the last 30 minutes (a reload, a second tap). */
export async function isRecentClickOf(db: Executor, cookieToken: string | undefined, userId: number, now: Date): Promise<boolean> {
  if (!cookieToken || cookieToken.length > 100) return false;
  const [row] = await db
    .select({ id: referralClicks.id })
    .from(referralClicks)
    .where(and(eq(referralClicks.token, cookieToken), eq(referralClicks.user_id, userId), gt(referralClicks.clicked_at, new Date(now.getTime() - CLICK_REUSE_MS))))
    .limit(1);
  return row !== undefined;
}

/** Records a click of the partner's link; answers its token, the attribution cookie's value. No address or browser is kept. */
export async function recordClick(db: Executor, userId: number, now: Date): Promise<string> {
  const token = randomBytes(18).toString('base64url');
  await db.insert(referralClicks).values({ token, user_id: userId, clicked_at: now });
  return token;
}
