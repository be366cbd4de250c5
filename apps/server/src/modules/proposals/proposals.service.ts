import {
  ADMIN_ROLE,
  ATTACHING_PROPOSAL_STATUSES,
  PROPOSAL_MESSAGES,
  PROPOSAL_STATUS,
  PROPOSAL_TICKET_TITLE,
  REJECTING_PROPOSAL_STATUSES,
  SPECIFIC_REJECTION_REASONS,
  isTerminalProposalStatus,
  proposalStatusLabel,
  PROPOSAL_STATUS_NUMBERS,
  type AdminProposalTicket,
  type AdminProposalTicketListQuery,
  type ProposalStatusNumber,
  type ProposalTicket,
  type RejectionReason,
  type RejectionSpecific,
  type RevisionType,
} from '@sunin/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import {
  projects,
  proposalLinks,
  proposalTicketHistories,
  proposalTickets,
  users,
  type NotificationRow,
  type ProjectRow,
  type ProposalTicketRow,
  type UserRow,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { containsPattern } from '../../lib/like.js';
import { createNotifications, fullAccessAdminIds, publishNotifications } from '../notifications/notifications.service.js';
import { findProject, findWritableProject, type ProjectScope } from '../projects/project-access.js';
import { diff, recordAudit } from '../audit/audit.service.js';
import { offsetOf } from '../../lib/pagination.js';
import { enqueueWebhookEvents, proposalStatusEvent } from '../webhooks/webhook-events.js';
import { CLOCK_RANK, clockFieldsOf, currentClockFields, followTicketStatus, overdueTicket, type CurrentClock } from './proposal-clocks.js';

const fullName = (user: UserRow) => `${user.first_name} ${user.last_name}`.trim();
const iso = (value: Date) => value.toISOString();

function addressOf(project: ProjectRow): string {
  const street = [project.address_1, project.address_2].filter(Boolean).join(', ');
  return [street, project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** A ticket with its links and its history, oldest first. */
async function loadTickets(db: Executor, where: SQL | undefined, orderBy: SQL[] = [desc(proposalTickets.created_at), desc(proposalTickets.id)]): Promise<ProposalTicket[]> {
  const tickets = await db.select().from(proposalTickets).where(where).orderBy(...orderBy);
  return (await ticketsFromRows(db, tickets)).tickets;
}

/** The JSON of ticket rows, in their order: their links, histories and current clocks read in three queries. */
async function ticketsFromRows(db: Executor, tickets: ProposalTicketRow[]): Promise<{ tickets: ProposalTicket[]; clocks: Map<number, CurrentClock> }> {
  if (tickets.length === 0) return { tickets: [], clocks: new Map() };
  const ids = tickets.map((ticket) => ticket.id);
  const links = await db.select().from(proposalLinks).where(inArray(proposalLinks.proposal_ticket_id, ids)).orderBy(asc(proposalLinks.id));
  const histories = await db
    .select()
    .from(proposalTicketHistories)
    .where(inArray(proposalTicketHistories.proposal_ticket_id, ids))
    .orderBy(asc(proposalTicketHistories.event_date), asc(proposalTicketHistories.id));
  const clocks = await currentClockFields(db, ids);
  return {
    clocks,
    tickets: tickets.map((ticket) => ({
    id: ticket.id,
    project_id: ticket.project_id,
    title: PROPOSAL_TICKET_TITLE,
    details: ticket.details,
    company_name: ticket.company_name,
    company_address: ticket.company_address,
    status: ticket.status,
    status_label: proposalStatusLabel(ticket.status),
    notification_user_id: ticket.notification_user_id,
    engineer_name: ticket.engineer_name,
    admin_notes: ticket.admin_notes,
    rejection_reason: ticket.rejection_reason,
    rejection_specific: ticket.rejection_specific,
    proposal_links: links.filter((link) => link.proposal_ticket_id === ticket.id).map(({ id, title, url }) => ({ id, title, url })),
    proposal_ticket_histories: histories
      .filter((history) => history.proposal_ticket_id === ticket.id)
      .map((history) => ({
        id: history.id,
        status: history.status,
        status_label: proposalStatusLabel(history.status),
        event_date: iso(history.event_date),
        action_taken_by: history.action_taken_by,
        rejection_reason: history.rejection_reason,
        rejection_specific: history.rejection_specific,
        notes: history.notes,
        proposal_link: history.proposal_link,
      })),
    ...clockFieldsOf(clocks, ticket.id),
    created_at: iso(ticket.created_at),
    updated_at: iso(ticket.updated_at),
    })),
  };
}

const assignees = alias(users, 'assignee');
const partners = alias(users, 'partner');
const nameOf = (table: { first_name: SQLWrapper; last_name: SQLWrapper }) => sql<string>`trim(${table.first_name} || ' ' || ${table.last_name})`;

/** The admin queue's rows: each ticket with its partner (the project's owner) and its assignee. */
function adminTicketRows(db: Executor) {
  return db
    .select({ ticket: proposalTickets, partner_id: projects.user_id, partner_name: nameOf(partners), assignee_name: sql<string | null>`case when ${assignees.id} is null then null else ${nameOf(assignees)} end` })
    .from(proposalTickets)
    .innerJoin(projects, eq(projects.id, proposalTickets.project_id))
    .innerJoin(partners, eq(partners.id, projects.user_id))
    .leftJoin(assignees, eq(assignees.id, proposalTickets.assignee_id))
    .$dynamic();
}
type AdminTicketRow = Awaited<ReturnType<typeof adminTicketRows>>[number];

/** The admin's ticket JSON (adminProposalTicketSchema) of queue rows, in their order: the list, the PUT and the PATCH answer with it. */
async function adminTicketsFromRows(db: Executor, rows: AdminTicketRow[]): Promise<AdminProposalTicket[]> {
  const { tickets, clocks } = await ticketsFromRows(db, rows.map((row) => row.ticket));
  return tickets.map((ticket, index) => {
    const row = rows[index]!;
    return {
      ...ticket,
      partner_id: row.partner_id,
      partner_name: row.partner_name,
      requested_at: iso(clocks.get(ticket.id)?.requested_at ?? row.ticket.created_at),
      assignee_id: row.ticket.assignee_id,
      assignee_name: row.assignee_name,
    };
  });
}

async function loadAdminTicket(db: Executor, ticketId: number): Promise<AdminProposalTicket> {
  const [ticket] = await adminTicketsFromRows(db, await adminTicketRows(db).where(eq(proposalTickets.id, ticketId)).limit(1));
  if (!ticket) throw new AppError('not_found', 'Proposal ticket not found.');
  return ticket;
}

async function loadTicket(db: Executor, ticketId: number): Promise<ProposalTicket> {
  const [ticket] = await loadTickets(db, eq(proposalTickets.id, ticketId));
  if (!ticket) throw new AppError('not_found', 'Proposal ticket not found.');
  return ticket;
}

interface StatusChange {
  status: ProposalStatusNumber;
  at: Date;
  /** Who made the change: a user, or a name as written (a customer through their link, issue 36 item 5). */
  actor: UserRow | string;
  notes: string;
  rejection_reason?: RejectionReason | null;
  rejection_specific?: RejectionSpecific | null;
  proposal_link?: string | null;
}

const billReceived = (project: Pick<ProjectRow, 'power_bill_received_status'>) => project.power_bill_received_status === 'Yes';

/**
 * Every status change appends its history entry in the caller's transaction (DESIGN.md), moves
 * the ticket's 48-hour clock (issue 18 item 1) and, when the status differs from `ticket.status`
 * (the status before; null for a new ticket), writes its proposal.status_changed webhooks
 * (issue 40 item 3) for the project's owner. The caller wakes the webhook worker after the commit.
 */
async function recordStatusChange(
  tx: Executor,
  ticket: Pick<ProposalTicketRow, 'id' | 'project_id' | 'company_name'> & { status: number | null },
  change: StatusChange,
  project: Pick<ProjectRow, 'power_bill_received_status'>,
): Promise<number> {
  const ticketId = ticket.id;
  if (ticket.status !== change.status) {
    const [owner] = await tx.select({ user_id: projects.user_id }).from(projects).where(eq(projects.id, ticket.project_id)).limit(1);
    if (owner) await enqueueWebhookEvents(tx, [proposalStatusEvent(ticket, owner.user_id, ticket.status, change.status, change.at)]);
  }
  const [history] = await tx.insert(proposalTicketHistories).values({
    proposal_ticket_id: ticketId,
    status: change.status,
    event_date: change.at,
    action_taken_by: typeof change.actor === 'string' ? change.actor : fullName(change.actor),
    notes: change.notes,
    rejection_reason: change.rejection_reason ?? null,
    rejection_specific: change.rejection_specific ?? null,
    proposal_link: change.proposal_link ?? null,
  }).returning({ id: proposalTicketHistories.id });
  await followTicketStatus(tx, ticketId, change.status, change.at, billReceived(project));
  if (!history) throw new Error('insert returned no row');
  return history.id;
}

async function findTicket(tx: Executor, projectId: number, ticketId: number): Promise<ProposalTicketRow> {
  const [ticket] = await tx
    .select()
    .from(proposalTickets)
    .where(and(eq(proposalTickets.id, ticketId), eq(proposalTickets.project_id, projectId)))
    .limit(1)
    .for('update');
  if (!ticket) throw new AppError('not_found', 'Proposal ticket not found.');
  return ticket;
}

export async function listProposalTickets(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<ProposalTicket[]> {
  await findProject(ctx.db, scope, projectId);
  return loadTickets(ctx.db, eq(proposalTickets.project_id, projectId));
}

export async function getProposalTicket(ctx: AppContext, scope: ProjectScope, projectId: number, ticketId: number): Promise<ProposalTicket> {
  await findProject(ctx.db, scope, projectId);
  const ticket = await loadTicket(ctx.db, ticketId);
  if (ticket.project_id !== projectId) throw new AppError('not_found', 'Proposal ticket not found.');
  return ticket;
}

/**
 * A member requests a proposal: status 1, at most one open ticket per project. The company
 * details come from the project, the notified user is the requester; every full access admin
 * is told.
 */
export async function createProposalTicket(
  ctx: AppContext,
  scope: ProjectScope,
  projectId: number,
  input: { details: string; status?: number | undefined },
): Promise<ProposalTicket> {
  if (input.status !== undefined && input.status !== PROPOSAL_STATUS.proposalRequested) {
    throw new AppError('forbidden', PROPOSAL_MESSAGES.memberStatus, { status: PROPOSAL_MESSAGES.memberStatus });
  }
  const requester = scope.user;
  const { ticketId, created } = await ctx.db.transaction(async (tx) => {
    const project = await findWritableProject(tx, scope, projectId);
    // Serialise requests for one project so that two at once cannot both pass the check.
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('update');
    const [open] = await tx
      .select({ id: proposalTickets.id })
      .from(proposalTickets)
      .where(and(eq(proposalTickets.project_id, project.id), notInArray(proposalTickets.status, [3, 4, 7, 8])))
      .limit(1);
    if (open) throw new AppError('conflict', PROPOSAL_MESSAGES.openTicketExists);
    const [ticket] = await tx
      .insert(proposalTickets)
      .values({
        project_id: project.id,
        details: input.details,
        company_name: project.company_name,
        company_address: addressOf(project),
        status: PROPOSAL_STATUS.proposalRequested,
        notification_user_id: project.user_id,
      })
      .returning();
    if (!ticket) throw new Error('insert returned no row');
    await recordStatusChange(tx, { ...ticket, status: null }, { status: PROPOSAL_STATUS.proposalRequested, at: ticket.created_at, actor: requester, notes: input.details }, project);
    await recordAudit(tx, { actorId: requester.id, action: 'requested', entityType: 'proposal_ticket', entityId: ticket.id, changes: { status: { before: null, after: ticket.status }, details: { before: null, after: input.details } } });
    const notified = await createNotifications(tx, await fullAccessAdminIds(tx), {
      kind: 'proposal_requests',
      title: 'New proposal request',
      message: `${fullName(requester)} requested a proposal for ${project.company_name || `project #${project.id}`} (project #${project.id}).`,
      subject: { project_id: project.id, proposal_ticket_id: ticket.id },
    });
    return { ticketId: ticket.id, created: notified };
  });
  await publishNotifications(ctx, created);
  ctx.webhooks.wake();
  return loadTicket(ctx.db, ticketId);
}

/**
 * A member asks for a revision (status 5), only from one of the four terminal statuses. The
 * ticket keeps its original details; the revision's type and text are its history entry's notes
 * (issue 14 item 12).
 */
export async function requestRevision(
  ctx: AppContext,
  scope: ProjectScope,
  projectId: number,
  ticketId: number,
  input: { status: number; details: string; revision_type?: RevisionType | undefined },
): Promise<ProposalTicket> {
  if (input.status !== PROPOSAL_STATUS.revisionRequested) {
    throw new AppError('forbidden', PROPOSAL_MESSAGES.memberStatus, { status: PROPOSAL_MESSAGES.memberStatus });
  }
  const notes = input.revision_type ? `${input.revision_type}: ${input.details}` : input.details;
  const created = await ctx.db.transaction(async (tx) => {
    const project = await findWritableProject(tx, scope, projectId);
    const ticket = await findTicket(tx, project.id, ticketId);
    if (!isTerminalProposalStatus(ticket.status)) {
      throw new AppError('rule_broken', PROPOSAL_MESSAGES.revisionNotAllowed, { status: PROPOSAL_MESSAGES.revisionNotAllowed });
    }
    const at = new Date();
    await tx
      .update(proposalTickets)
      .set({ status: PROPOSAL_STATUS.revisionRequested, rejection_reason: null, rejection_specific: null, updated_at: at })
      .where(eq(proposalTickets.id, ticket.id));
    await recordStatusChange(tx, ticket, { status: PROPOSAL_STATUS.revisionRequested, at, actor: scope.user, notes }, project);
    await recordAudit(tx, { actorId: scope.user.id, action: 'revision_requested', entityType: 'proposal_ticket', entityId: ticket.id, changes: { status: { before: ticket.status, after: PROPOSAL_STATUS.revisionRequested }, details: { before: null, after: notes } } });
    return createNotifications(tx, await fullAccessAdminIds(tx), {
      kind: 'proposal_requests',
      title: 'Revision requested',
      message: `${fullName(scope.user)} requested a revision of the proposal for ${project.company_name || `project #${project.id}`} (project #${project.id}).`,
      subject: { project_id: project.id, proposal_ticket_id: ticket.id },
    });
  });
  await publishNotifications(ctx, created);
  ctx.webhooks.wake();
  return loadTicket(ctx.db, ticketId);
}

/**
 * A customer's change request through their link (issue 36 item 5), in the caller's
 * transaction: when the project's latest proposal ticket is in a terminal status it becomes a
 * revision request (status 5) with the note in its history, as a member's revision would, and
 * its 48-hour clock starts again. Answers the latest ticket (null without one) and whether it
 * was revised; an open ticket is left as it is.
 */
export async function reviseForCustomer(
  tx: Executor,
  project: Pick<ProjectRow, 'id' | 'power_bill_received_status'>,
  request: { name: string; email: string; note: string },
  at: Date,
): Promise<{ ticket: ProposalTicketRow | null; revised: boolean }> {
  const [ticket] = await tx
    .select()
    .from(proposalTickets)
    .where(eq(proposalTickets.project_id, project.id))
    .orderBy(desc(proposalTickets.created_at), desc(proposalTickets.id))
    .limit(1)
    .for('update');
  if (!ticket) return { ticket: null, revised: false };
  if (!isTerminalProposalStatus(ticket.status)) return { ticket, revised: false };
  const notes = `Customer change request from ${request.name} (${request.email}): ${request.note}`;
  await tx
    .update(proposalTickets)
    .set({ status: PROPOSAL_STATUS.revisionRequested, rejection_reason: null, rejection_specific: null, updated_at: at })
    .where(eq(proposalTickets.id, ticket.id));
  await recordStatusChange(tx, ticket, { status: PROPOSAL_STATUS.revisionRequested, at, actor: `${request.name} (customer)`, notes }, project);
  // No user acted: the entry names the customer in its changes (actor_id stays empty).
  await recordAudit(tx, {
    actorId: null,
    action: 'customer_revision_requested',
    entityType: 'proposal_ticket',
    entityId: ticket.id,
    changes: { status: { before: ticket.status, after: PROPOSAL_STATUS.revisionRequested }, details: { before: null, after: notes } },
  });
  return { ticket: { ...ticket, status: PROPOSAL_STATUS.revisionRequested }, revised: true };
}

export async function listHistories(ctx: AppContext, scope: ProjectScope, projectId: number, ticketId: number) {
  return (await getProposalTicket(ctx, scope, projectId, ticketId)).proposal_ticket_histories;
}

export interface AdminProposalUpdate {
  status: ProposalStatusNumber;
  admin_notes: string;
  engineer_name: string;
  rejection_reason: RejectionReason | null;
  rejection_specific: RejectionSpecific | null;
  proposal_links: Array<{ title: string; url: string }>;
}

/**
 * The conditional fields of the Manage Proposal dialog (public-site-and-admin.md 5 and 7), as
 * server rules: 422 with field messages and nothing saved when one is missing.
 */
function checkAdminUpdate(input: AdminProposalUpdate): AdminProposalUpdate {
  const fields: Record<string, string> = {};
  const status = input.status;
  if (status === PROPOSAL_STATUS.proposalAccepted && !input.engineer_name) fields.engineer_name = PROPOSAL_MESSAGES.engineerRequired;
  const rejecting = (REJECTING_PROPOSAL_STATUSES as readonly number[]).includes(status);
  if (rejecting && !input.rejection_reason) fields.rejection_reason = PROPOSAL_MESSAGES.rejectionReasonRequired;
  const needsSpecific = rejecting && input.rejection_reason !== null && (SPECIFIC_REJECTION_REASONS as readonly string[]).includes(input.rejection_reason);
  if (needsSpecific && !input.rejection_specific) fields.rejection_specific = PROPOSAL_MESSAGES.rejectionSpecificRequired;
  const attaching = (ATTACHING_PROPOSAL_STATUSES as readonly number[]).includes(status);
  if (attaching && input.proposal_links.length === 0) fields.proposal_links = PROPOSAL_MESSAGES.proposalLinkRequired;
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Invalid update.', fields);
  return {
    status,
    admin_notes: input.admin_notes,
    engineer_name: status === 2 || status === 6 ? input.engineer_name : '',
    rejection_reason: rejecting ? input.rejection_reason : null,
    rejection_specific: needsSpecific ? input.rejection_specific : null,
    proposal_links: attaching ? input.proposal_links : [],
  };
}

/**
 * An administrator moves a ticket to any status (no order is enforced, spec 4). The change,
 * its history entry, any proposal links, the project's proposal_url and the member's
 * notification are written in one transaction.
 */
export async function adminUpdateProposalTicket(ctx: AppContext, admin: UserRow, ticketId: number, raw: AdminProposalUpdate): Promise<AdminProposalTicket> {
  const input = checkAdminUpdate(raw);
  let created: NotificationRow[] = [];
  await ctx.db.transaction(async (tx) => {
    // The project, then the ticket, then its clock: the order of the power bill's arrival
    // (updateProject locks the project, then startWaitingClocks the tickets), since a delivery
    // writes the project too. The opposite order deadlocked with it (decision 043).
    const [owner] = await tx.select({ project_id: proposalTickets.project_id }).from(proposalTickets).where(eq(proposalTickets.id, ticketId)).limit(1);
    if (!owner) throw new AppError('not_found', 'Proposal ticket not found.');
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, owner.project_id)).for('update');
    const [ticket] = await tx.select().from(proposalTickets).where(eq(proposalTickets.id, ticketId)).limit(1).for('update');
    if (!ticket) throw new AppError('not_found', 'Proposal ticket not found.');
    const at = new Date();
    const [updated] = await tx
      .update(proposalTickets)
      .set({
        status: input.status,
        admin_notes: input.admin_notes,
        engineer_name: input.engineer_name || ticket.engineer_name,
        rejection_reason: input.rejection_reason,
        rejection_specific: input.rejection_specific,
        updated_at: at,
      })
      .where(eq(proposalTickets.id, ticket.id))
      .returning();
    const firstLink = input.proposal_links[0]?.url ?? null;
    const changes = diff(ticket, updated ?? null, ['status', 'admin_notes', 'engineer_name', 'rejection_reason', 'rejection_specific']);
    if (input.proposal_links.length > 0) changes.proposal_links = { before: null, after: input.proposal_links };
    await recordAudit(tx, { actorId: admin.id, action: 'updated', entityType: 'proposal_ticket', entityId: ticket.id, changes });
    const [project] = await tx.select({ power_bill_received_status: projects.power_bill_received_status }).from(projects).where(eq(projects.id, ticket.project_id)).limit(1);
    const historyId = await recordStatusChange(
      tx,
      ticket,
      {
      status: input.status,
      at,
      actor: admin,
      notes: input.admin_notes,
      rejection_reason: input.rejection_reason,
      rejection_specific: input.rejection_specific,
      proposal_link: firstLink,
      },
      project ?? { power_bill_received_status: null },
    );
    if (input.proposal_links.length > 0) {
      // A delivery is a new proposal version (issue 36 item 2): its links name it, and a
      // signature of the version before no longer stands for the project (item 4).
      await tx.insert(proposalLinks).values(input.proposal_links.map((link) => ({ proposal_ticket_id: ticket.id, delivery_history_id: historyId, ...link })));
      await tx.update(projects).set({ proposal_url: firstLink, signed_at: null, updated_at: at }).where(eq(projects.id, ticket.project_id));
    }
    created = await createNotifications(tx, [ticket.notification_user_id], {
      kind: 'proposal_updates',
      title: 'Proposal update',
      message: `Your proposal request for ${ticket.company_name || `project #${ticket.project_id}`} is now: ${proposalStatusLabel(input.status)}.`,
      subject: { project_id: ticket.project_id, proposal_ticket_id: ticket.id },
    });
  });
  await publishNotifications(ctx, created);
  ctx.webhooks.wake();
  return loadAdminTicket(ctx.db, ticketId);
}

export const PROPOSAL_ASSIGNEE_MESSAGE = 'assignee_id must be a full access administrator.';

/**
 * An administrator gives a ticket an owner in the queue, or takes it away with null (issue 37
 * item 2). The owner must be a full access administrator; the change is audited with its before
 * and after, and the new owner is told (unless they assigned it to themselves).
 */
export async function assignProposalTicket(ctx: AppContext, admin: UserRow, ticketId: number, assigneeId: number | null): Promise<AdminProposalTicket> {
  const created = await ctx.db.transaction(async (tx) => {
    if (assigneeId !== null) {
      // Locked, so the role cannot be taken away before the ticket commits with its new owner;
      // before the ticket, in the order of a demotion (releaseAssignedTickets).
      const [assignee] = await tx.select({ company_role: users.company_role }).from(users).where(eq(users.id, assigneeId)).limit(1).for('share');
      if (assignee?.company_role !== ADMIN_ROLE) throw new AppError('validation_failed', PROPOSAL_ASSIGNEE_MESSAGE, { assignee_id: PROPOSAL_ASSIGNEE_MESSAGE });
    }
    const [ticket] = await tx.select().from(proposalTickets).where(eq(proposalTickets.id, ticketId)).limit(1).for('update');
    if (!ticket) throw new AppError('not_found', 'Proposal ticket not found.');
    if (ticket.assignee_id === assigneeId) return [];
    await tx.update(proposalTickets).set({ assignee_id: assigneeId, updated_at: new Date() }).where(eq(proposalTickets.id, ticket.id));
    await recordAudit(tx, { actorId: admin.id, action: assigneeId === null ? 'unassigned' : 'assigned', entityType: 'proposal_ticket', entityId: ticket.id, changes: { assignee_id: { before: ticket.assignee_id, after: assigneeId } } });
    if (assigneeId === null || assigneeId === admin.id) return [];
    const name = ticket.company_name || `project #${ticket.project_id}`;
    return createNotifications(tx, [assigneeId], {
      kind: 'proposal_requests',
      title: 'Proposal request assigned to you',
      message: `${fullName(admin)} assigned you the proposal request for ${name} (ticket #${ticket.id}).`,
      subject: { project_id: ticket.project_id, proposal_ticket_id: ticket.id },
      // Not held for an hourly digest of new requests: it asks this administrator to act.
      immediate: true,
    });
  });
  await publishNotifications(ctx, created);
  return loadAdminTicket(ctx.db, ticketId);
}

/** The statuses of the open queue: every one but the terminal ones, named so the status index can answer (and count) them. */
const OPEN_STATUSES = PROPOSAL_STATUS_NUMBERS.filter((status) => !isTerminalProposalStatus(status));

/**
 * An administrator who loses `full_access_admin` gives back their open tickets (in the
 * transaction of the change, after the user's row is written): nobody else would see them
 * under "Mine", and "Unassigned" would miss them. Each release is audited as an unassignment.
 */
export async function releaseAssignedTickets(tx: Executor, actorId: number, userId: number): Promise<void> {
  const released = await tx
    .update(proposalTickets)
    .set({ assignee_id: null, updated_at: new Date() })
    .where(and(eq(proposalTickets.assignee_id, userId), inArray(proposalTickets.status, OPEN_STATUSES)))
    .returning({ id: proposalTickets.id });
  for (const { id } of released) {
    await recordAudit(tx, { actorId, action: 'unassigned', entityType: 'proposal_ticket', entityId: id, changes: { assignee_id: { before: userId, after: null } } });
  }
}

export type ProposalTicketFilter = Omit<AdminProposalTicketListQuery, 'page' | 'per_page' | 'sort'>;

/**
 * The queue's filters: the statuses, the search (id and company, both in
 * proposal_tickets_search_idx, migration 0016), overdue and the assignee (`me` is `adminId`).
 */
export function proposalTicketListWhere(query: ProposalTicketFilter, now: Date, adminId?: number): SQL | undefined {
  const pattern = query.q === undefined ? undefined : containsPattern(query.q);
  const assignee = query.assignee === 'me' ? (adminId ?? 0) : query.assignee;
  return and(
    query.status?.length ? inArray(proposalTickets.status, query.status) : query.include_terminal === 'true' ? undefined : inArray(proposalTickets.status, OPEN_STATUSES),
    pattern === undefined ? undefined : or(ilike(sql`${proposalTickets.id}::text`, pattern), ilike(proposalTickets.company_name, pattern)),
    query.overdue === 'true' ? overdueTicket(now) : undefined,
    assignee === undefined ? undefined : assignee === 'none' ? isNull(proposalTickets.assignee_id) : eq(proposalTickets.assignee_id, assignee),
    query.project_id === undefined ? undefined : eq(proposalTickets.project_id, query.project_id),
  );
}

/**
 * The queue's order, id last so pages are stable. `urgency` (the default) reads
 * proposal_tickets_urgency_idx (or the assignee's): running clocks by due time, so the most
 * overdue first and then the least time left, then those waiting for the bill (the newest
 * first), stopped ones last (decision 043). `due_at` is the same with the due times reversed by `-due_at`.
 */
export function proposalTicketListOrder(sort: AdminProposalTicketListQuery['sort']): SQL[] {
  const field = sort?.field ?? 'urgency';
  const direction = sort?.desc ? desc : asc;
  // Equal due times (those waiting for the bill, above all) newest first, as the queue was before.
  const urgency = [asc(proposalTickets.clock_rank), sql`${proposalTickets.clock_due_at} asc nulls last`, desc(proposalTickets.id)];
  if (field === 'urgency') return sort?.desc ? [desc(proposalTickets.clock_rank), sql`${proposalTickets.clock_due_at} desc nulls first`, asc(proposalTickets.id)] : urgency;
  if (field === 'due_at') {
    return [sql`${proposalTickets.clock_rank} = ${CLOCK_RANK.stopped}`, sql`${proposalTickets.clock_due_at} ${sort?.desc ? sql`desc` : sql`asc`} nulls last`, desc(proposalTickets.id)];
  }
  if (field === 'assignee_name') return [sql`lower(${nameOf(assignees)}) ${sort?.desc ? sql`desc` : sql`asc`} nulls last`, ...urgency];
  const column = { created_at: sql`${proposalTickets.created_at}`, id: sql`${proposalTickets.id}`, company_name: sql`lower(${proposalTickets.company_name})`, status: sql`${proposalTickets.status}` }[field];
  return [direction(column), direction(proposalTickets.id)];
}

/** One page of the queue's rows (its SQL is what the plan test explains). */
export const adminTicketPage = (db: Executor, where: SQL | undefined, query: Pick<AdminProposalTicketListQuery, 'page' | 'per_page' | 'sort'>) =>
  adminTicketRows(db).where(where).orderBy(...proposalTicketListOrder(query.sort)).limit(query.per_page).offset(offsetOf(query));

/**
 * The admin's queue, a page at a time (issue 15 item 2, issue 18 item 1, issue 37 item 2): q
 * searches the id and company; status, overdue and assignee filter; terminal statuses only when
 * asked for. A first page that is not full is its own total; otherwise the matching tickets are
 * counted (the open ones from the status index).
 */
export async function listAllProposalTickets(ctx: AppContext, admin: Pick<UserRow, 'id'>, query: AdminProposalTicketListQuery, now: Date = new Date()): Promise<{ rows: AdminProposalTicket[]; total: number }> {
  const where = proposalTicketListWhere(query, now, admin.id);
  const rows = await adminTicketPage(ctx.db, where, query);
  let total = offsetOf(query) + rows.length;
  if (rows.length === query.per_page || (rows.length === 0 && query.page > 1)) {
    const [counted] = await ctx.db.select({ n: count() }).from(proposalTickets).where(where);
    total = counted?.n ?? 0;
  }
  return { rows: await adminTicketsFromRows(ctx.db, rows), total };
}
