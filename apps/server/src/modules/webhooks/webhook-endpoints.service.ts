import {
  WEBHOOK_ENDPOINTS_PER_USER,
  WEBHOOK_EVENT_SCOPES,
  type ApiTokenScope,
  type WebhookEndpoint,
  type WebhookEndpointCreateBody,
  type WebhookEndpointUpdateBody,
  type WebhookEventType,
} from '@sunin/contract';
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { webhookEndpoints, type UserRow, type WebhookEndpointRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { webhookTargetProblem } from '../../lib/safe-target.js';
import { newWebhookSecret } from '../../lib/webhook-secrets.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { adminStanding } from '../../lib/admin-standing.js';

/** Endpoint fields the audit trail shows: never the sealed secret. */
const AUDITED = ['url', 'description', 'events', 'company_wide', 'enabled', 'disabled_reason'] as const;

export function toWebhookEndpointResponse(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    company_wide: row.company_wide,
    enabled: row.enabled,
    disabled_at: row.disabled_at?.toISOString() ?? null,
    disabled_reason: row.disabled_reason ?? null,
    failing_since: row.failing_since?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The caller as the endpoint rules see them: the user, and the scopes of the API token the request carries (none: a session). */
export interface WebhookCaller {
  user: UserRow;
  tokenScopes?: readonly ApiTokenScope[] | undefined;
}

const isAdmin = (ctx: AppContext, user: UserRow) => adminStanding(ctx.config, user) === 'admin';

/**
 * What an API token needs to subscribe an endpoint (issue 40 items 1 and 3): the scope of each
 * event's data (WEBHOOK_EVENT_SCOPES), and `admin` for a company-wide endpoint, which receives
 * everyone's data. A session (no token) needs none of them. Answers the missing scopes.
 */
export function missingTokenScopes(tokenScopes: readonly ApiTokenScope[] | undefined, events: readonly WebhookEventType[], companyWide: boolean): ApiTokenScope[] {
  if (!tokenScopes) return [];
  const needed = new Set<ApiTokenScope>(events.map((event) => WEBHOOK_EVENT_SCOPES[event]));
  if (companyWide) needed.add('admin');
  return [...needed].filter((scope) => !tokenScopes.includes(scope));
}

function assertTokenScopes(caller: WebhookCaller, events: readonly WebhookEventType[], companyWide: boolean): void {
  const missing = missingTokenScopes(caller.tokenScopes, events, companyWide);
  if (missing.length > 0) throw new AppError('insufficient_scope', `This API token lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that these events need.`);
}

async function assertSafeTarget(ctx: AppContext, url: string): Promise<void> {
  const problem = await webhookTargetProblem(url, { isProduction: ctx.config.isProduction }, ctx.resolveHost);
  if (problem) throw new AppError('validation_failed', problem, { url: problem });
}

/**
 * The endpoints a caller may see and manage: their own, and for a full access administrator
 * every company-wide one (they are the company's, not one administrator's). Company-wide ones,
 * their own included, only while they are such an administrator, and with a token only when it
 * holds `admin`: their log holds every partner's data.
 */
function visibleTo(ctx: AppContext, caller: WebhookCaller): SQL | undefined {
  const own = eq(webhookEndpoints.user_id, caller.user.id);
  const companyWideToo = isAdmin(ctx, caller.user) && (!caller.tokenScopes || caller.tokenScopes.includes('admin'));
  return companyWideToo ? or(own, eq(webhookEndpoints.company_wide, true)) : and(own, eq(webhookEndpoints.company_wide, false));
}

/**
 * The endpoint, if the caller may see it; 404 otherwise (another member's id is not told apart
 * from a missing one). With an API token, 403 unless it holds the scopes of the endpoint's events:
 * its log and test events carry that data.
 */
export async function findVisibleEndpoint(ctx: AppContext, db: Executor, caller: WebhookCaller, id: number, options: { lock?: boolean } = {}): Promise<WebhookEndpointRow> {
  const query = db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), visibleTo(ctx, caller))).limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', 'Webhook endpoint not found.');
  assertTokenScopes(caller, row.events as WebhookEventType[], row.company_wide);
  return row;
}

/**
 * POST /api/webhook_endpoints: a new endpoint with a new signing secret, answered once. A
 * company-wide endpoint is for full access administrators; a member holds at most
 * WEBHOOK_ENDPOINTS_PER_USER; the URL must be a safe target (lib/safe-target.ts).
 */
export async function createWebhookEndpoint(ctx: AppContext, caller: WebhookCaller, body: WebhookEndpointCreateBody['webhook_endpoint']): Promise<{ endpoint: WebhookEndpointRow; secret: string }> {
  const companyWide = body.company_wide === true;
  assertTokenScopes(caller, body.events, companyWide);
  if (companyWide && !isAdmin(ctx, caller.user)) throw new AppError('forbidden', 'Only full access administrators may create company-wide endpoints.');
  await assertSafeTarget(ctx, body.url);
  const secret = newWebhookSecret();
  const endpoint = await ctx.db.transaction(async (tx) => {
    // The count under the owner's lock, so two creations at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${caller.user.id}`}))`);
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.user_id, caller.user.id));
    if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_PER_USER) {
      throw new AppError('rule_broken', `You can have at most ${WEBHOOK_ENDPOINTS_PER_USER} webhook endpoints. Delete one first.`);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ user_id: caller.user.id, company_wide: companyWide, url: body.url, description: body.description ?? '', events: body.events, secret_sealed: ctx.webhookSecrets.encrypt(secret) })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, { actorId: caller.user.id, action: 'created', entityType: 'webhook_endpoint', entityId: row.id, changes: diff(null, row, AUDITED) });
    return row;
  });
  return { endpoint, secret };
}

/** GET /api/webhook_endpoints: the caller's, and for an administrator every company-wide one; oldest first; with a token, those its scopes cover. */
export async function listWebhookEndpoints(ctx: AppContext, caller: WebhookCaller): Promise<WebhookEndpointRow[]> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(visibleTo(ctx, caller)).orderBy(asc(webhookEndpoints.created_at), asc(webhookEndpoints.id));
  // With a token, only the endpoints whose events its scopes cover.
  return rows.filter((row) => missingTokenScopes(caller.tokenScopes, row.events as WebhookEventType[], row.company_wide).length === 0);
}

/**
 * PATCH /api/webhook_endpoints/{id}. Turning an endpoint on again clears its failing state (a
 * fresh five days); turning it off is the owner's choice (`disabled_reason` 'owner') and keeps
 * its pending deliveries until it is on again.
 */
export async function updateWebhookEndpoint(ctx: AppContext, caller: WebhookCaller, id: number, body: WebhookEndpointUpdateBody['webhook_endpoint']): Promise<WebhookEndpointRow> {
  if (body.url !== undefined) await assertSafeTarget(ctx, body.url);
  return ctx.db.transaction(async (tx) => {
    const before = await findVisibleEndpoint(ctx, tx, caller, id, { lock: true });
    assertTokenScopes(caller, (body.events ?? before.events) as WebhookEventType[], before.company_wide);
    const now = new Date();
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updated_at: now };
    if (body.url !== undefined) changes.url = body.url;
    if (body.events !== undefined) changes.events = body.events;
    if (body.description !== undefined) changes.description = body.description;
    if (body.enabled === true) Object.assign(changes, { enabled: true, disabled_at: null, disabled_reason: null, failing_since: null });
    if (body.enabled === false && before.enabled) Object.assign(changes, { enabled: false, disabled_at: now, disabled_reason: 'owner' });
    const [after] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
    if (!after) throw new AppError('not_found', 'Webhook endpoint not found.');
    const changed = diff(before, after, AUDITED);
    if (Object.keys(changed).length > 0) await recordAudit(tx, { actorId: caller.user.id, action: 'updated', entityType: 'webhook_endpoint', entityId: id, changes: changed });
    return after;
  });
}

/** DELETE /api/webhook_endpoints/{id}: with its deliveries and their attempts. */
export async function deleteWebhookEndpoint(ctx: AppContext, caller: WebhookCaller, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findVisibleEndpoint(ctx, tx, caller, id, { lock: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAudit(tx, { actorId: caller.user.id, action: 'deleted', entityType: 'webhook_endpoint', entityId: id, changes: diff(before, null, AUDITED) });
  });
}
