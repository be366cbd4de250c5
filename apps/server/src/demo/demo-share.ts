import { createHmac } from 'node:crypto';
import { shareUrl } from '@sunin/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import type { Executor } from '../db/client.js';
import { projects, projectShares, users } from '../db/schema/index.js';
import { hashShareToken } from '../modules/shares/share-access.js';

/** The demo's customer link is on this project, sent to its co-founder (demo-projects.ts). */
const DEMO_SHARE_PROJECT = 'Bayside Brewing Company';
const DEMO_SHARE_DAYS = 90;
/** The sales partner's company, shown on their customer links. */
export const DEMO_PARTNER_COMPANY = 'Bay State Solar Partners';

/**
 * The demo link's token: derived from this installation's JWT secret, so the server can print
 * the link at every start (only its hash is stored, as for any link) and no two installations
 * share one. Only the demo, which never runs in production, has such a token.
 */
export function demoShareToken(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('sunin-demo-customer-link').digest().subarray(0, 32).toString('base64url');
}

/** Seeds the sales partner's company and a customer link of Bayside Brewing (issue 36), in the seed's transaction. */
export async function seedDemoShare(db: Executor, jwtSecret: string, salesPartnerId: number, now: Date): Promise<void> {
  await db.update(users).set({ company_name: DEMO_PARTNER_COMPANY }).where(eq(users.id, salesPartnerId));
  const [project] = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.company_name, DEMO_SHARE_PROJECT), eq(projects.user_id, salesPartnerId))).limit(1);
  if (!project) return;
  await db.insert(projectShares).values({
    project_id: project.id,
    created_by: salesPartnerId,
    recipient_name: 'Colleen Brennan',
    recipient_email: 'colleen@baysidebrewing.example',
    token_hash: hashShareToken(demoShareToken(jwtSecret)),
    expires_at: new Date(now.getTime() + DEMO_SHARE_DAYS * 86_400_000),
    created_at: now,
  });
}

/** The demo's customer link while it is still open (not revoked, not expired), for the start-up lines. */
export async function demoShareLink(ctx: AppContext): Promise<string | null> {
  const token = demoShareToken(ctx.config.jwtSecret);
  const [share] = await ctx.db
    .select({ expires_at: projectShares.expires_at, signed_at: projectShares.signed_at })
    .from(projectShares)
    .where(and(eq(projectShares.token_hash, hashShareToken(token)), isNull(projectShares.revoked_at)))
    .limit(1);
  if (!share || (!share.signed_at && share.expires_at.getTime() <= Date.now())) return null;
  return shareUrl(ctx.config.appUrl, token);
}
