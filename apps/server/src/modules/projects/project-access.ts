import { ADMIN_ROLE, PAYING_SUBSCRIPTION_STATUSES, PROJECT_MESSAGES } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { projects, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** Who is asking: a member sees only their own projects; the admin area sees all. */
export interface ProjectScope {
  user: UserRow;
  admin: boolean;
}

export const memberScope = (user: UserRow): ProjectScope => ({ user, admin: false });
export const isAdmin = (user: UserRow) => user.company_role === ADMIN_ROLE;

/**
 * DESIGN.md: sales partners must hold an active (or pending_cancelation) subscription to create
 * or change projects; referral partners are free; administrators are never blocked.
 */
export function assertCanWrite(user: UserRow): void {
  if (user.account_type !== 'sales_partner' || isAdmin(user)) return;
  if (user.subscription_status && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status)) return;
  throw new AppError('payment_required', PROJECT_MESSAGES.subscriptionRequired);
}

/** The project if the scope may see it; 404 otherwise, so another member's ids reveal nothing. */
export async function findProject(db: Executor, scope: ProjectScope, projectId: number, options: { lock?: boolean } = {}): Promise<ProjectRow> {
  const where = scope.admin ? eq(projects.id, projectId) : and(eq(projects.id, projectId), eq(projects.user_id, scope.user.id));
  const query = db.select().from(projects).where(where).limit(1);
  const [project] = options.lock ? await query.for('update') : await query;
  if (!project) throw new AppError('not_found', 'Project not found.');
  return project;
}

/** A write under a project: the scope must see it and, for a member, be allowed to write; `lock` holds the row until the transaction ends. */
export async function findWritableProject(db: Executor, scope: ProjectScope, projectId: number, options: { lock?: boolean } = {}): Promise<ProjectRow> {
  if (!scope.admin) assertCanWrite(scope.user);
  return findProject(db, scope, projectId, options);
}

/** Sub-records count as changes to their project: it moves to the top of "recently updated". */
export async function touchProject(db: Executor, projectId: number): Promise<void> {
  await db.update(projects).set({ updated_at: new Date() }).where(eq(projects.id, projectId));
}
