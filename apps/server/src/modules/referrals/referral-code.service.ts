import { randomInt } from 'node:crypto';
import { ADMIN_ROLE, PARTNER_ACCOUNT_TYPES, REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, referralUrl, type ReferralResponse } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { referralCodes, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** Codes tried before giving up: 32^8 codes make a second clash in a row all but impossible. */
const CODE_ATTEMPTS = 5;

export const PARTNERS_ONLY_MESSAGE = 'Referral links and leads are for partner accounts.';

/** A referral partner or a sales partner (an administrator refers nobody): 403 for anyone else. */
export function assertReferralPartner(user: UserRow): void {
  if (!PARTNER_ACCOUNT_TYPES.includes(user.account_type) || user.company_role === ADMIN_ROLE) throw new AppError('forbidden', PARTNERS_ONLY_MESSAGE);
}

/** REFERRAL_CODE_LENGTH characters of REFERRAL_CODE_ALPHABET, each drawn uniformly by the CSPRNG. */
export function randomReferralCode(): string {
  return Array.from({ length: REFERRAL_CODE_LENGTH }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join('');
}

/**
 * The partner's code, made on first use. The insert skips any unique conflict: a concurrent
 * first use of the same partner has made theirs (read back), or the code is another partner's
 * (a new code is drawn).
 */
export async function getOrCreateReferralCode(db: Executor, userId: number): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.user_id, userId)).limit(1);
    if (existing) return existing.code;
    const [created] = await db.insert(referralCodes).values({ user_id: userId, code: randomReferralCode() }).onConflictDoNothing().returning({ code: referralCodes.code });
    if (created) return created.code;
  }
  throw new Error(`no free referral code after ${CODE_ATTEMPTS} attempts`);
}

/**
 * GET /api/user/referral: the link and what it brought, counted from the partner's own rows
 * (their indexes): leads that came through the link (not registrations by hand).
 */
export async function getReferral(ctx: AppContext, user: UserRow): Promise<ReferralResponse> {
  assertReferralPartner(user);
  const code = await getOrCreateReferralCode(ctx.db, user.id);
  const { rows } = (await ctx.db.execute(sql`select
      (select count(*) from referral_clicks where user_id = ${user.id})::int as clicks,
      (select count(*) from leads where user_id = ${user.id} and source = 'link')::int as leads,
      (select count(*) from leads where user_id = ${user.id} and source = 'link' and status = 'converted')::int as converted`)) as unknown as { rows: Array<{ clicks: number; leads: number; converted: number }> };
  const counts = rows[0] ?? { clicks: 0, leads: 0, converted: 0 };
  return { code, url: referralUrl(ctx.config.appUrl, code), ...counts };
}

export type ReferralQrFormat = 'png' | 'svg';

/** The printed card's QR code: 1024 px so it stays sharp at any print size, with the standard 4-module quiet zone. */
export const QR_PNG_WIDTH = 1024;
const QR_OPTIONS = { margin: 4, errorCorrectionLevel: 'M' } as const;

/** The partner's link as a QR code image, with its file name. */
export async function referralQr(ctx: AppContext, user: UserRow, format: ReferralQrFormat): Promise<{ body: Buffer | string; contentType: string; filename: string }> {
  assertReferralPartner(user);
  const code = await getOrCreateReferralCode(ctx.db, user.id);
  const url = referralUrl(ctx.config.appUrl, code);
  const filename = `sunin-referral-${code}.${format}`;
  if (format === 'png') return { body: await QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: QR_PNG_WIDTH }), contentType: 'image/png', filename };
  return { body: await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }), contentType: 'image/svg+xml; charset=utf-8', filename };
}
