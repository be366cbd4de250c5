import { createHash, randomBytes } from 'node:crypto';
import { SHARE_MESSAGES, SHARE_TOKEN_PATTERN } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, projectShares, type ProjectRow, type ProjectShareRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * The tokens of customer links (issue 36 item 1; docs/decisions/040): 32 random bytes written
 * as base64url, of which only the SHA-256 is stored, as for every other token of the portal.
 */
export function newShareToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashShareToken(token) };
}

export const hashShareToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Why a link no longer opens: revoked, or expired (a signed link stays open as the status link). */
export function shareGoneReason(share: Pick<ProjectShareRow, 'revoked_at' | 'expires_at' | 'signed_at'>, now: Date): 'revoked' | 'expired' | null {
  if (share.revoked_at) return 'revoked';
  if (!share.signed_at && share.expires_at.getTime() <= now.getTime()) return 'expired';
  return null;
}

export interface SharedProject {
  share: ProjectShareRow;
  project: ProjectRow;
}

/**
 * The link of a token with its project: 404 for a malformed, forged or unknown token (nothing
 * says which), the row as it is for an expired or revoked one (the caller answers 410 with
 * `shareGoneReason`). `lock` takes the share row FOR UPDATE in the caller's transaction.
 */
export async function findShareByToken(db: Executor, token: string, options: { lock?: boolean } = {}): Promise<SharedProject> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw new AppError('not_found', SHARE_MESSAGES.notFound);
  const query = db.select({ share: projectShares, project: projects }).from(projectShares).innerJoin(projects, eq(projects.id, projectShares.project_id)).where(eq(projectShares.token_hash, hashShareToken(token))).limit(1);
  const [row] = options.lock ? await query.for('update', { of: projectShares }) : await query;
  if (!row) throw new AppError('not_found', SHARE_MESSAGES.notFound);
  return row;
}

/** A live link, or 410 `gone` with the reason's message (the writes; GET answers its own 410 with the partner). */
export async function findLiveShare(db: Executor, token: string, options: { lock?: boolean; now?: Date } = {}): Promise<SharedProject> {
  const found = await findShareByToken(db, token, options);
  const reason = shareGoneReason(found.share, options.now ?? new Date());
  if (reason) throw new AppError('gone', reason === 'revoked' ? SHARE_MESSAGES.revoked : SHARE_MESSAGES.expired);
  return found;
}
