import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import {
  accounts,
  auditEntries,
  contacts,
  earningEntries,
  notifications,
  payouts,
  projectLinks,
  projects,
  projectStageChanges,
  proposalClocks,
  proposalLinks,
  proposalTicketHistories,
  proposalTickets,
  storedFiles,
  users,
} from '../db/schema/index.js';

/** The tables the seed's services write, with the columns that say when a row was written. */
const TIMED: ReadonlyArray<{ table: PgTable; columns: readonly string[] }> = [
  { table: accounts, columns: ['created_at', 'updated_at'] },
  { table: projects, columns: ['created_at', 'updated_at'] },
  { table: contacts, columns: ['created_at', 'updated_at'] },
  { table: projectLinks, columns: ['created_at', 'updated_at'] },
  { table: storedFiles, columns: ['created_at'] },
  { table: proposalTickets, columns: ['created_at', 'updated_at'] },
  { table: proposalLinks, columns: ['created_at'] },
  { table: proposalTicketHistories, columns: ['event_date'] },
  { table: notifications, columns: ['created_at'] },
  { table: projectStageChanges, columns: ['changed_at'] },
  { table: earningEntries, columns: ['created_at', 'updated_at'] },
  { table: payouts, columns: ['created_at'] },
  { table: auditEntries, columns: ['created_at'] },
];

type Marks = number[];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo's story takes weeks, but the seed plays it in a second, in one transaction (every
 * row would say "just now"). The seed marks each moment of the story as it goes (`at`); the
 * timeline then dates the rows written since the previous mark to that moment, so histories,
 * notifications and "recently updated" read like weeks of work. Only timestamps change, in the
 * seed's transaction.
 */
export class DemoTimeline {
  private readonly moments: Array<{ at: Date; marks: Marks }> = [];
  private readonly lastTouch = new Map<string, { table: PgTable; id: number; at: Date }>();
  private start: Marks = [];

  constructor(
    private readonly db: Database,
    private readonly now = new Date(),
  ) {}

  /** `days` ago (fractions are hours), never later than an hour ago. */
  daysAgo(days: number): Date {
    return new Date(Math.min(this.now.getTime() - days * DAY_MS, this.now.getTime() - DAY_MS / 24));
  }

  async begin(): Promise<void> {
    this.start = await this.highestIds();
  }

  /** Everything written since the previous mark happened `at`. */
  async mark(at: Date): Promise<void> {
    this.moments.push({ at, marks: await this.highestIds() });
  }

  /** A row changed at `at`: its updated_at is its latest change. */
  touched(table: PgTable, id: number, at: Date): void {
    this.lastTouch.set(`${getTableName(table)}:${String(id)}`, { table, id, at });
  }

  /** Dates every row written since begin() to the moment marked after it. */
  async apply(): Promise<void> {
    let previous = this.start;
    for (const { at, marks } of this.moments) {
      for (const [i, { table, columns }] of TIMED.entries()) {
        const from = previous[i] ?? 0;
        const to = marks[i] ?? 0;
        if (to <= from) continue;
        const assignments = sql.join(
          columns.map((column) => sql`${sql.identifier(column)} = ${at}`),
          sql`, `,
        );
        await this.db.execute(sql`update ${table} set ${assignments} where id > ${from} and id <= ${to}`);
      }
      previous = marks;
    }
    for (const { table, id, at } of this.lastTouch.values()) await this.db.execute(sql`update ${table} set updated_at = ${at} where id = ${id}`);
  }

  /** Notifications read since begin() were opened two hours after they came. */
  async dateReadNotifications(): Promise<void> {
    const first = this.start[TIMED.findIndex(({ table }) => table === notifications)] ?? 0;
    await this.db.execute(sql`update ${notifications} set viewed_on = created_at + interval '2 hours' where viewed_on is not null and id > ${first}`);
  }

  /**
   * The ledger's own moments: a demo deal is recorded at its project's stage step, so it was
   * approved or voided then; a paid entry was paid, and last changed, with its payout, which
   * settled then too.
   */
  async dateLedger(): Promise<void> {
    await this.db.execute(sql`update ${earningEntries} set approved_at = case when approved_at is null then null else created_at end, voided_at = case when voided_at is null then null else created_at end`);
    await this.db.execute(sql`update ${earningEntries} e set paid_at = p.created_at, updated_at = p.created_at from ${payouts} p where e.payout_id = p.id`);
    // A settled demo payout settled (and last changed) when it was made: the local provider takes seconds.
    await this.db.execute(sql`update ${payouts} set settled_at = case when settled_at is null then null else created_at end, updated_at = created_at`);
  }

  /**
   * The 48-hour clocks take the times of the dated history: the n-th clock of a ticket was
   * opened by its n-th request or revision that found no clock running (the rule the services
   * follow), and stopped by the next delivery or rejection after it. A clock that started at
   * once keeps starting at its request; one still waiting for the bill keeps waiting.
   */
  async dateClocks(): Promise<void> {
    await this.db.execute(sql`
      with marks as (
        select h.id, h.proposal_ticket_id, h.status, h.event_date,
          lag(h.status) over (partition by h.proposal_ticket_id order by h.event_date, h.id) as previous_status
        from ${proposalTicketHistories} h
      ),
      opened as (
        select m.proposal_ticket_id, m.event_date,
          row_number() over (partition by m.proposal_ticket_id order by m.event_date, m.id) as n,
          (select s.event_date from ${proposalTicketHistories} s
            where s.proposal_ticket_id = m.proposal_ticket_id and s.status in (3, 4, 7, 8) and (s.event_date, s.id) > (m.event_date, m.id)
            order by s.event_date, s.id limit 1) as stopped_at
        from marks m
        where m.status in (1, 5) and (m.previous_status is null or m.previous_status in (3, 4, 7, 8))
      ),
      numbered as (
        select c.id, c.proposal_ticket_id, row_number() over (partition by c.proposal_ticket_id order by c.id) as n from ${proposalClocks} c
      )
      update ${proposalClocks} c set
        requested_at = o.event_date,
        started_at = case when c.started_at is null then null else o.event_date end,
        due_at = case when c.due_at is null then null else o.event_date + (c.due_at - c.started_at) end,
        stopped_at = case when c.stopped_at is null then null else o.stopped_at end,
        delivered_at = case when c.delivered_at is null then null else o.stopped_at end
      from numbered n join opened o on o.proposal_ticket_id = n.proposal_ticket_id and o.n = n.n
      where c.id = n.id`);
  }

  /** The demo people joined before their first project. */
  async dateUsers(ids: number[], at: Date): Promise<void> {
    for (const id of ids) await this.db.execute(sql`update ${users} set created_at = ${at}, updated_at = ${at} where id = ${id}`);
  }

  private async highestIds(): Promise<Marks> {
    const selects: SQL[] = TIMED.map(({ table }, i) => sql`(select coalesce(max(id), 0) from ${table}) as ${sql.identifier(`m${String(i)}`)}`);
    const result = await this.db.execute(sql`select ${sql.join(selects, sql`, `)}`);
    const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
    return TIMED.map((_, i) => Number(row[`m${String(i)}`] ?? 0));
  }
}
