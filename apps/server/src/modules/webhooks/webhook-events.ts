import { ADMIN_ROLE, proposalStatusLabel, toUsd, type ProposalStatus, type WebhookEventData, type WebhookEventType, type WebhookMessage, type WebhookProject } from '@sunin/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { ProjectRow } from '../../db/schema/index.js';

/**
 * The webhook outbox's writer (issue 40 item 3; docs/webhooks.md). An event is written in the
 * transaction of the change as one `webhook_deliveries` row per enabled endpoint that chose its
 * type and belongs to the data's owner or is company-wide, in ONE statement: when nobody listens
 * it writes nothing and costs one cheap query (the hot one-statement project writes carry it as
 * a CTE instead, project-writes.ts). After the commit the caller wakes the worker
 * (`ctx.webhooks.wake()`) when rows were written.
 */

/** One event to fan out: its type, whose data it is (null: nobody's, company-wide endpoints only) and its data. */
export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  type: T;
  ownerId: number | null;
  data: WebhookEventData[T];
  /** When the change happened; now by default. */
  at?: Date;
}

/** The exact body of a message: Standard Webhooks' `{ type, timestamp, data }`. */
export function webhookBody<T extends WebhookEventType>(event: WebhookEvent<T>): string {
  const message: WebhookMessage<WebhookEventData[T]> = { type: event.type, timestamp: (event.at ?? new Date()).toISOString(), data: event.data };
  return JSON.stringify(message);
}

/** A message id made in JavaScript (a test event); the fan-out makes its own in SQL, of the same form. */
export const newMessageId = () => `msg_${randomBytes(16).toString('hex')}`;

const RECORDSET = 'as r(type text, owner_id int, body text)';
/** Where the events' query goes in the fan-out's text, filled by a bound parameter. */
const SOURCE_SLOT = '\u0000events\u0000';
const DELIVERY = `select e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ev.type, ev.body from`;

/**
 * The fan-out as SQL text over `source`, a query of (type text, owner_id int, body text): each
 * event joined to the enabled endpoints that want it, in two branches so each is an index
 * lookup, never a scan of every endpoint: the owner's own endpoints (by user), and the
 * company-wide ones, only while their owner is still a full access administrator (an
 * administrator who lost the role stops receiving everyone's data at once). Every delivery gets
 * its own `msg_` id (the `webhook-id` a receiver deduplicates on; a replay keeps it). Answers the
 * ids written.
 */
export function webhookFanoutSql(source: string): string {
  return `insert into webhook_deliveries (endpoint_id, message_id, event_type, body)
    ${DELIVERY} (${source}) ev join webhook_endpoints e on e.user_id = ev.owner_id and not e.company_wide and e.enabled and ev.type = any(e.events)
    union all
    ${DELIVERY} (${source}) ev join webhook_endpoints e on e.company_wide and e.enabled and ev.type = any(e.events)
      join users u on u.id = e.user_id and u.company_role = '${ADMIN_ROLE}'
    returning id`;
}

/** The events of a statement parameter (`$12`) as the fan-out reads them; webhookEventsParameter writes its value. */
export const webhookEventsSource = (parameter: string) => `select * from jsonb_to_recordset(${parameter}::jsonb) ${RECORDSET}`;

/** The JSON a parameter of webhookEventsSource takes. */
export function webhookEventsParameter(events: readonly WebhookEvent[]): string {
  return JSON.stringify(events.map((event) => ({ type: event.type, owner_id: event.ownerId, body: webhookBody(event) })));
}

/**
 * Writes the deliveries of `events` through `tx` (the transaction of the change), in one
 * statement. Answers how many were written: wake the worker after the commit when any were.
 */
export async function enqueueWebhookEvents(tx: Executor, events: readonly WebhookEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const parameter = webhookEventsParameter(events);
  // Both drivers answer a raw statement with its rows under `rows`.
  // The events are one bound parameter, read by both branches of the fan-out.
  const [head = '', middle = '', tail = ''] = webhookFanoutSql(SOURCE_SLOT).split(SOURCE_SLOT);
  const source = sql`select * from jsonb_to_recordset(${parameter}::jsonb) ${sql.raw(RECORDSET)}`;
  const result = (await tx.execute(sql`${sql.raw(head)}${source}${sql.raw(middle)}${source}${sql.raw(tail)}`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** One event: enqueueWebhookEvents of a single one. */
export function enqueueWebhookEvent<T extends WebhookEventType>(tx: Executor, type: T, event: Omit<WebhookEvent<T>, 'type'>): Promise<number> {
  return enqueueWebhookEvents(tx, [{ type, ...event } as WebhookEvent]);
}

// --- Payload builders ------------------------------------------------------------------------

/** A project as the project events name it. */
export function webhookProject(row: Pick<ProjectRow, 'id' | 'user_id' | 'company_name' | 'project_stage' | 'city' | 'state' | 'created_at' | 'updated_at'>): WebhookProject {
  return {
    id: row.id,
    owner_id: row.user_id,
    company_name: row.company_name,
    project_stage: row.project_stage,
    city: row.city,
    state: row.state,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * project.created as SQL over a created projects row `alias` (the one-statement creation,
 * project-writes.ts): the same object as webhookProject, built where the new id is known.
 */
export function projectCreatedSource(alias: string): string {
  const project = `jsonb_build_object('id', ${alias}.id, 'owner_id', ${alias}.user_id, 'company_name', ${alias}.company_name, 'project_stage', ${alias}.project_stage,
    'city', ${alias}.city, 'state', ${alias}.state, 'created_at', ${isoOf(`${alias}.created_at`)}, 'updated_at', ${isoOf(`${alias}.updated_at`)})`;
  return `select 'project.created'::text as type, ${alias}.user_id as owner_id,
    jsonb_build_object('type', 'project.created', 'timestamp', ${isoOf(`${alias}.created_at`)}, 'data', jsonb_build_object('project', ${project}))::text as body
    from ${alias}`;
}

/**
 * The events of a project write: project.updated for any field changed (their names), and
 * project.stage_changed besides when the stage moved.
 */
export function projectWriteEvents(before: ProjectRow, after: ProjectRow, changedFields: readonly string[]): WebhookEvent[] {
  if (changedFields.length === 0) return [];
  const project = webhookProject(after);
  const events: WebhookEvent[] = [{ type: 'project.updated', ownerId: after.user_id, data: { project, changed_fields: [...changedFields] }, at: after.updated_at }];
  if (before.project_stage !== after.project_stage) {
    events.push({ type: 'project.stage_changed', ownerId: after.user_id, data: { project, from_stage: before.project_stage, to_stage: after.project_stage }, at: after.updated_at });
  }
  return events;
}

/** A proposal request's status change (from null: a new request). */
export function proposalStatusEvent(ticket: { id: number; project_id: number; company_name: string }, ownerId: number, from: number | null, to: number, at: Date): WebhookEvent<'proposal.status_changed'> {
  const label = (status: number) => proposalStatusLabel(status) as ProposalStatus;
  return {
    type: 'proposal.status_changed',
    ownerId,
    at,
    data: { proposal_request: { id: ticket.id, project_id: ticket.project_id, owner_id: ownerId, company_name: ticket.company_name }, from_status: from === null ? null : label(from), to_status: label(to) },
  };
}

/** An earnings ledger entry as earnings.entry_changed sends it. */
export function earningsEntryEvent(entry: {
  id: number;
  user_id: number;
  project_id: number | null;
  kind: WebhookEventData['earnings.entry_changed']['entry']['kind'];
  company_name: string;
  amount_cents: number;
  status: WebhookEventData['earnings.entry_changed']['entry']['status'];
  created_at: Date;
  updated_at: Date;
}): WebhookEvent<'earnings.entry_changed'> {
  return {
    type: 'earnings.entry_changed',
    ownerId: entry.user_id,
    at: entry.updated_at,
    data: {
      entry: {
        id: entry.id,
        owner_id: entry.user_id,
        project_id: entry.project_id,
        kind: entry.kind,
        company_name: entry.company_name,
        amount_usd: toUsd(entry.amount_cents),
        status: entry.status,
        created_at: entry.created_at.toISOString(),
        updated_at: entry.updated_at.toISOString(),
      },
    },
  };
}

/** A new referral lead: its partner's (null for a lead of no partner: company-wide endpoints only). */
export function leadCreatedEvent(lead: { id: number; user_id: number | null; source: WebhookEventData['lead.created']['lead']['source']; company_name: string; city: string; state: string; created_at: Date }): WebhookEvent<'lead.created'> {
  return {
    type: 'lead.created',
    ownerId: lead.user_id,
    at: lead.created_at,
    data: { lead: { id: lead.id, owner_id: lead.user_id, source: lead.source, company_name: lead.company_name, city: lead.city, state: lead.state, created_at: lead.created_at.toISOString() } },
  };
}
