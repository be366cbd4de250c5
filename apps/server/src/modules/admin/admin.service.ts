import { ADMIN_REAUTH_MESSAGES, ADMIN_ROLE, ARCHIVED_STAGE, adminChangeNeedsPassword, normalizeUserFields, PROJECT_STAGES, type ProjectStage, type Account, type AccountType, type AdminProjectListQuery, type AdminUserListQuery, type CompanyRole, type Referral } from '@sunin/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Authenticated } from '../../lib/authentication.js';
import { closeSockets, endSessionsIn, userChanged } from '../auth/sessions.service.js';
import { isUniqueViolation, type Executor } from '../../db/client.js';
import { accounts, projects, storedFiles, users, type AccountRow, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { voidForDeletedProject } from '../earnings/earnings.service.js';
import { AppError } from '../../lib/app-error.js';
import { containsPattern, escapeLike } from '../../lib/like.js';
import { phoneSearchPatterns } from './phone-search.js';
import { fullName, searchedName } from '../users/full-name.js';
import { offsetOf } from '../../lib/pagination.js';
import { assertPasswordAllowed } from '../../lib/password-policy.js';
import { assertCurrentPasswordGiven, hashPassword } from '../../lib/passwords.js';
import { auditedFields, diff, recordAudit } from '../audit/audit.service.js';
import { assertIdentityAvailable, identityConflict } from '../auth/auth.service.js';
import type { ProjectListFilter } from '../projects/projects.service.js';
import { projectListOrder } from '../projects/project-list.js';
import { releaseAssignedTickets } from '../proposals/proposals.service.js';
import { queueEmailChangedNotice } from '../users/users.service.js';

export interface AdminUserChanges {
  email?: string;
  user_name?: string;
  first_name?: string;
  last_name?: string;
  phone_number?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  zip?: string;
  company_role?: CompanyRole | null;
  account_type?: AccountType;
  referrer_name?: string;
  company_name?: string;
}

/** The filters of All Users (issue 15 item 2), apart from paging so an export can reuse them. */
export function userListWhere(query: Omit<AdminUserListQuery, 'page' | 'per_page' | 'sort'>): SQL | undefined {
  const pattern = query.q === undefined ? undefined : containsPattern(query.q);
  return and(
    pattern === undefined
      ? undefined
      : // The full name holds the first and the last (both NOT NULL): one arm finds either.
        // The name, email, user name and phone arms read users_search_idx (migration 0016); a
        // phone number typed any way also matches its digits laid over the stored formats
        // (phone-search.ts, the same index); the partner's company (issue 37 item 5) has no
        // trigram index yet (docs/decisions/046).
        or(
          ilike(searchedName, pattern),
          ilike(users.email, pattern),
          ilike(users.user_name, pattern),
          ilike(users.phone_number, pattern),
          ...phoneSearchPatterns(query.q!).map((digits) => ilike(users.phone_number, digits)),
          ilike(users.company_name, pattern),
        ),
    query.company_role ? eq(users.company_role, query.company_role) : undefined,
    query.account_type ? eq(users.account_type, query.account_type) : undefined,
    query.subscription_status ? eq(users.subscription_status, query.subscription_status) : undefined,
  );
}

/** The order of All Users: first name by default (public-site-and-admin.md 2.10), id last so pages are stable. */
export function userListOrder(sort: AdminUserListQuery['sort']): SQL[] {
  const byName = [asc(sql`lower(${users.first_name})`), asc(sql`lower(${users.last_name})`)];
  if (!sort) return [...byName, asc(users.id)];
  const direction = sort.desc ? desc : asc;
  const column = {
    first_name: sql`lower(${users.first_name})`,
    last_name: sql`lower(${users.last_name})`,
    email: sql`${users.email}`,
    user_name: sql`lower(${users.user_name})`,
    company_name: sql`lower(${users.company_name})`,
    created_at: sql`${users.created_at}`,
  }[sort.field];
  return [direction(column), ...byName, direction(users.id)];
}

/** All Users (public-site-and-admin.md 2.10): sorted by first name, searchable and filterable in SQL. */
export async function listUsers(ctx: AppContext, query: AdminUserListQuery) {
  const where = userListWhere(query);
  const [totals] = await ctx.db.select({ n: count() }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(...userListOrder(query.sort))
    .limit(query.per_page)
    .offset(offsetOf(query));
  return { rows, total: totals?.n ?? 0 };
}

export async function getUser(ctx: AppContext, id: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'User not found.');
  return row;
}

/**
 * The acting administrator's own password, when the write needs it (issue 34 item 2): checked
 * before anything is read or written, so a stolen admin token alone changes nothing.
 */
export async function assertAdminPassword(actor: UserRow, currentPassword: string | undefined): Promise<void> {
  await assertCurrentPasswordGiven(actor.password_digest, currentPassword, ADMIN_REAUTH_MESSAGES.required);
}

/** An admin creates a user; the entry (every field but the password) is written with the row. An administrator needs the admin's password. */
export async function createUser(ctx: AppContext, input: AdminUserChanges & { email: string; user_name: string; first_name: string; last_name: string; account_type: AccountType; password: string }, actor: UserRow, currentPassword?: string): Promise<UserRow> {
  const actorId = actor.id;
  if (adminChangeNeedsPassword(null, input)) await assertAdminPassword(actor, currentPassword);
  const { password, ...fields } = normalizeUserFields(input);
  await assertIdentityAvailable(ctx.db, fields);
  assertPasswordAllowed(password, fields);
  const passwordDigest = await hashPassword(password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...fields, password_digest: passwordDigest })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await recordAudit(tx, { actorId, action: 'created', entityType: 'user', entityId: row.id, changes: diff(null, row, auditedFields(row).filter((field) => field !== 'id')) });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw identityConflict();
    throw error;
  }
}

/**
 * The portal never loses its last full access administrator (issue 13 item 9): nobody could
 * give the role back. The administrators' rows are locked, so two admins demoting each other
 * at once cannot both succeed.
 */
async function assertAnotherAdmin(tx: Executor, leavingId: number): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.company_role, ADMIN_ROLE)).for('update');
  if (!admins.some((admin) => admin.id !== leavingId)) {
    throw new AppError('conflict', 'This is the last full access administrator. Give another user that role first.', {
      company_role: 'This is the last full access administrator. Give another user that role first.',
    });
  }
}

/**
 * An admin edits any user's profile, account type and company role (public-site-and-admin.md
 * 6). Granting an admin role or type, or changing the email, needs the admin's password (issue
 * 34 item 2); a new email also tells the old address and ends every session of the member
 * (the admin's own, when editing themselves, stays), as the member's own change does.
 */
export async function updateUser(ctx: AppContext, id: number, input: AdminUserChanges, actor: Authenticated, currentPassword?: string): Promise<UserRow> {
  const actorId = actor.user.id;
  const current = await getUser(ctx, id);
  if (adminChangeNeedsPassword(current, input)) await assertAdminPassword(actor.user, currentPassword);
  const changes = normalizeUserFields(input);
  const emailChanged = changes.email !== undefined && changes.email !== current.email;
  let endedJtis: string[] = [];
  await assertIdentityAvailable(
    ctx.db,
    {
      email: changes.email !== undefined && changes.email !== current.email ? changes.email : undefined,
      user_name: changes.user_name !== undefined && changes.user_name !== current.user_name ? changes.user_name : undefined,
    },
    id,
  );
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      if (current.company_role === ADMIN_ROLE && changes.company_role !== undefined && changes.company_role !== ADMIN_ROLE) await assertAnotherAdmin(tx, id);
      const [row] = await tx
        .update(users)
        .set({ ...changes, updated_at: new Date(), ...(emailChanged ? { email_verified_at: null } : {}) })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new AppError('not_found', 'User not found.');
      const changed = diff(current, row, [...Object.keys(changes), 'email_verified_at']);
      if (Object.keys(changed).length > 0) await recordAudit(tx, { actorId, action: 'updated', entityType: 'user', entityId: id, changes: changed });
      if (current.company_role === ADMIN_ROLE && row.company_role !== ADMIN_ROLE) await releaseAssignedTickets(tx, actorId, id);
      if (emailChanged) {
        await queueEmailChangedNotice(ctx, tx, current, row.email, 'administrator');
        endedJtis = await endSessionsIn(tx, id, { allExcept: id === actorId ? actor.sessionId : null }, 'email_changed');
      }
      return row;
    });
    await userChanged(ctx, [id]);
    await closeSockets(ctx, id, endedJtis);
    if (emailChanged) ctx.mailer.wake();
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw identityConflict();
    throw error;
  }
}

const iso = (value: Date) => value.toISOString();

/** Accounts with their status: Inactive when they have projects and every one is Archived. */
async function accountsWhere(ctx: AppContext, where: ReturnType<typeof eq> | undefined): Promise<Account[]> {
  const rows = await ctx.db
    .select({
      account: accounts,
      ownerName: fullName,
      projectCount: sql<number>`count(${projects.id})`.mapWith(Number),
      liveCount: sql<number>`count(${projects.id}) filter (where ${projects.project_stage} <> ${ARCHIVED_STAGE})`.mapWith(Number),
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.user_id))
    .leftJoin(projects, eq(projects.account_id, accounts.id))
    .where(where)
    .groupBy(accounts.id, users.id)
    .orderBy(asc(accounts.id));
  return rows.map(({ account, ownerName, projectCount, liveCount }) => toAccountResponse(account, ownerName, projectCount, liveCount));
}

function toAccountResponse(account: AccountRow, ownerName: string, projectCount: number, liveCount: number): Account {
  return {
    id: account.id,
    user_id: account.user_id,
    owner_name: ownerName,
    company_name: account.company_name,
    address: account.address,
    status: projectCount > 0 && liveCount === 0 ? 'Inactive' : 'Active',
    project_count: projectCount,
    created_at: iso(account.created_at),
    updated_at: iso(account.updated_at),
  };
}

export const listAccounts = (ctx: AppContext, userId?: number) => accountsWhere(ctx, userId === undefined ? undefined : eq(accounts.user_id, userId));

export async function getAccount(ctx: AppContext, id: number): Promise<Account> {
  const [account] = await accountsWhere(ctx, eq(accounts.id, id));
  if (!account) throw new AppError('not_found', 'Account not found.');
  return account;
}

const ACCOUNT_FIELDS = ['company_name', 'address'] as const;
const accountConflict = () => new AppError('conflict', 'This member already has an account with that company name.', { company_name: 'This member already has an account with that company name.' });

/**
 * An account write, recorded against the member who holds the account (the audit trail names
 * users, projects and proposal tickets): the action names the record (`account_updated`) and
 * record_id names the account, as a project's contacts are recorded against the project.
 */
async function auditAccount(tx: Executor, actorId: number, action: string, account: AccountRow, before: AccountRow | null, after: AccountRow | null): Promise<void> {
  const changes = diff(before, after, ACCOUNT_FIELDS);
  if (before && after && Object.keys(changes).length === 0) return;
  await recordAudit(tx, { actorId, action, entityType: 'user', entityId: account.user_id, changes: { record_id: { before: before ? account.id : null, after: after ? account.id : null }, ...changes } });
}

export async function createAccount(ctx: AppContext, input: { user_id: number; company_name: string; address: string }, actorId: number): Promise<Account> {
  await getUser(ctx, input.user_id);
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(accounts).values(input).returning();
      if (!row) throw new Error('insert returned no row');
      await auditAccount(tx, actorId, 'account_created', row, null, row);
      return row.id;
    });
    return getAccount(ctx, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw accountConflict();
    throw error;
  }
}

export async function updateAccount(ctx: AppContext, id: number, input: { company_name?: string | undefined; address?: string | undefined }, actorId: number): Promise<Account> {
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1).for('update');
      if (!current) throw new AppError('not_found', 'Account not found.');
      const [row] = await tx.update(accounts).set({ ...input, updated_at: new Date() }).where(eq(accounts.id, id)).returning();
      if (!row) throw new AppError('not_found', 'Account not found.');
      await auditAccount(tx, actorId, 'account_updated', row, current, row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountConflict();
    throw error;
  }
  return getAccount(ctx, id);
}

/** Deleting an account keeps its projects (their account_id becomes null). */
export async function deleteAccount(ctx: AppContext, id: number, actorId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(accounts).where(eq(accounts.id, id)).returning();
    if (!deleted) throw new AppError('not_found', 'Account not found.');
    await auditAccount(tx, actorId, 'account_deleted', deleted, deleted, null);
  });
}

function toReferral(project: ProjectRow): Referral {
  const street = [project.address_1, project.address_2].filter(Boolean).join(', ');
  return {
    id: project.id,
    user_id: project.user_id,
    company_name: project.company_name,
    address: [street, project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    status: project.project_stage === ARCHIVED_STAGE ? 'Inactive' : 'Active',
    project_stage: project.project_stage,
    created_at: iso(project.created_at),
  };
}

/** DESIGN.md: referrals (leads) are the projects a referral partner submitted. */
export async function listReferrals(ctx: AppContext, userId?: number): Promise<Referral[]> {
  const rows = await ctx.db
    .select({ project: projects })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.user_id))
    .where(and(eq(users.account_type, 'referral_partner'), userId === undefined ? undefined : eq(projects.user_id, userId)))
    .orderBy(asc(projects.id));
  return rows.map(({ project }) => toReferral(project));
}

export async function getReferral(ctx: AppContext, id: number): Promise<Referral> {
  const [row] = await ctx.db
    .select({ project: projects })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.user_id))
    .where(and(eq(projects.id, id), eq(users.account_type, 'referral_partner')))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Referral not found.');
  return toReferral(row.project);
}

/** Working hides Archived projects; Archived shows only them (the user detail's filter). */
/** The stages of the Working and Archived tabs (none: every stage). */
export function stageFilter(filter: 'working' | 'archived' | undefined): readonly ProjectStage[] | undefined {
  if (filter === 'working') return PROJECT_STAGES;
  if (filter === 'archived') return [ARCHIVED_STAGE];
  return undefined;
}

/**
 * The search of All Projects (issue 15 item 2): q searches the id, company, owner's name and
 * city; then the state and the updated dates. The owner and the stages are separate filters
 * (projectListFilter), which the totals read from project_counts. `ownerIds` are the members
 * whose name matches q (membersNamed).
 */
export function projectListWhere(query: Omit<AdminProjectListQuery, 'page' | 'per_page' | 'sort'>, ownerIds: readonly number[]): SQL | undefined {
  const pattern = query.q === undefined ? undefined : containsPattern(query.q);
  const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  return and(
    pattern === undefined
      ? undefined
      : // Every arm reads an index (migration 0016, decision 032): the id, company and city
        // projects_search_idx, the owners projects_user_updated_idx. The owners are a list of
        // ids, known before the query is planned: a condition on the joined users row left
        // the planner only a scan of every project, and a subquery's ids are of a number it
        // cannot know, so it guessed a tenth of the table and walked the newest-first index
        // through every project looking for 25 matches.
        or(
          ilike(sql`${projects.id}::text`, pattern),
          ilike(projects.company_name, pattern),
          ilike(projects.city, pattern),
          ownerIds.length > 0 ? sql`${projects.user_id} = any(${`{${ownerIds.join(',')}}`}::int[])` : undefined,
        ),
    query.state ? ilike(projects.state, escapeLike(query.state)) : undefined,
    query.updated_from ? gte(projects.updated_at, new Date(`${query.updated_from}T00:00:00Z`)) : undefined,
    query.updated_to ? lt(projects.updated_at, nextDay(query.updated_to)) : undefined,
    // Signed by the customer through a link (issue 36 item 4).
    query.signed === 'true' ? isNotNull(projects.signed_at) : query.signed === 'false' ? isNull(projects.signed_at) : undefined,
  );
}

/** The ids of the members whose name contains q, from users_search_idx. */
export async function membersNamed(db: Executor, q: string): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(ilike(searchedName, containsPattern(q)));
  return rows.map((row) => row.id);
}

/** All Projects' query apart from paging (the list and its export): owner, Working/Archived and stages, search, filters and sort. */
export async function projectListFilter(db: Executor, query: Omit<AdminProjectListQuery, 'page' | 'per_page'>): Promise<ProjectListFilter & { orderBy: SQL[] }> {
  // The page's owner (/admin/users/:id) and the owner filter: both, when both are given.
  const owners = [...new Set([query.user_id, query.owner_id].filter((id) => id !== undefined))];
  const tab = stageFilter(query.stage_filter);
  const stages = query.stage?.length ? query.stage.filter((stage) => !tab || tab.includes(stage)) : tab;
  return {
    ownerId: owners[0],
    // Two different owners: nothing matches.
    stages: owners.length > 1 ? [] : stages,
    where: projectListWhere(query, query.q === undefined ? [] : await membersNamed(db, query.q)),
    orderBy: projectListOrder(query.sort),
  };
}

/** Deletes a project and everything under it; its stored bytes go after the commit. */
export async function deleteProject(ctx: AppContext, id: number, actorId: number): Promise<void> {
  const { keys, webhooks } = await ctx.db.transaction(async (tx) => {
    const files = await tx.select({ key: storedFiles.storage_key }).from(storedFiles).where(eq(storedFiles.project_id, id));
    const webhooks = await voidForDeletedProject(tx, id);
    const [deleted] = await tx.delete(projects).where(eq(projects.id, id)).returning();
    if (!deleted) throw new AppError('not_found', 'Project not found.');
    await recordAudit(tx, { actorId, action: 'deleted', entityType: 'project', entityId: id, changes: diff(deleted, null, auditedFields(deleted)) });
    return { keys: files.map((file) => file.key), webhooks };
  });
  if (webhooks > 0) ctx.webhooks.wake();
  for (const key of keys) await ctx.storage.delete(key).catch((error: unknown) => ctx.log.error({ err: error, key }, 'could not remove stored bytes'));
}

export async function usersExist(ctx: AppContext, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await ctx.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.length === new Set(ids).size;
}
