import { DEFAULT_EMAIL_PREFERENCES, toUsd, type StatementSummary } from '@sunin/contract';
import { and, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { deals, earningEntries, earningStatements, payouts, users, type NotificationRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { addMonths, monthEndIn, monthIn, monthStartIn } from '../../lib/business-date.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { recordAudit } from '../audit/audit.service.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { fullName } from '../users/full-name.js';
import { computeStatement, type Statement, type StatementEntryRow, type StatementPayoutRow } from './statement.js';
import { buildStatementPdf, formatCents, monthLabel } from './statement-pdf.js';

/**
 * Monthly statements (issue 38 item 3, docs/decisions/048): any month's statement on demand, as
 * a PDF computed from the ledger as it stands, and the monthly issuing job that records each
 * ended month's totals once per partner (earning_statements) and tells the partner.
 */

/** The business named on a statement (as on the signed proposal). */
export const STATEMENT_BUSINESS_NAME = 'SunIn';
/** How many ended months a run of the issuing job looks back at: the months missed while the app was down. */
export const STATEMENT_CATCH_UP_MONTHS = 3;
/** How often the issuing job looks; a month's statements leave within this of its end. */
export const STATEMENT_CHECK_INTERVAL_MS = 60 * 60_000;

/**
 * A partner's approved-or-paid entries, their void entries that had been approved (they counted
 * until voided: statement.ts `countedSpan`), and every payout: what any statement of theirs reads.
 */
export async function statementRows(db: Executor, userId: number): Promise<{ entries: StatementEntryRow[]; payouts: StatementPayoutRow[] }> {
  const entries = await db
    .select({
      id: earningEntries.id,
      kind: earningEntries.kind,
      status: earningEntries.status,
      amount_cents: earningEntries.amount_cents,
      project_id: earningEntries.project_id,
      company_name: earningEntries.company_name,
      reason: earningEntries.reason,
      approved_at: earningEntries.approved_at,
      voided_at: earningEntries.voided_at,
      created_at: earningEntries.created_at,
      deal_cancelled: sql<boolean>`${deals.cancelled_at} is not null`,
    })
    .from(earningEntries)
    .leftJoin(deals, and(eq(earningEntries.kind, 'deal'), eq(deals.project_id, earningEntries.project_id)))
    .where(
      and(
        eq(earningEntries.user_id, userId),
        or(inArray(earningEntries.status, ['approved', 'paid']), and(eq(earningEntries.status, 'void'), isNotNull(earningEntries.approved_at), isNotNull(earningEntries.voided_at))),
      ),
    );
  const rows = await db
    .select({
      id: payouts.id,
      amount_cents: payouts.amount_cents,
      status: payouts.status,
      reference: payouts.reference,
      failure_reason: payouts.failure_reason,
      created_at: payouts.created_at,
      settled_at: payouts.settled_at,
    })
    .from(payouts)
    .where(eq(payouts.user_id, userId));
  return { entries, payouts: rows };
}

/** The current month in the business time zone: the latest a statement can be asked for (it runs to date). */
export const currentBusinessMonth = (ctx: AppContext, now = new Date()): string => monthIn(ctx.config.businessTimeZone, now);

/**
 * GET .../earnings/statement.pdf: one partner's statement of `month`. A month after the current
 * business month is 422; the current month is the statement so far; a month before the
 * partner's first movement is a statement of zero balances (nothing was owed then).
 */
export async function statementPdf(ctx: AppContext, userId: number, month: string, now = new Date()): Promise<Buffer> {
  if (month > currentBusinessMonth(ctx, now)) {
    const message = `month must not be after the current month (${currentBusinessMonth(ctx, now)}).`;
    throw new AppError('validation_failed', message, { month: message });
  }
  const [user] = await ctx.db.select({ name: fullName, company_name: users.company_name }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const { entries, payouts: rows } = await statementRows(ctx.db, userId);
  const statement = computeStatement(entries, rows, month, ctx.config.businessTimeZone);
  return buildStatementPdf({
    statement,
    partner: { name: user.name, company_name: user.company_name ?? '' },
    business: { name: STATEMENT_BUSINESS_NAME, website: ctx.config.appUrl },
    timeZone: ctx.config.businessTimeZone,
    generatedAt: now,
  });
}

export function toStatementSummary(row: typeof earningStatements.$inferSelect): StatementSummary {
  return {
    month: row.month,
    opening_usd: toUsd(row.opening_cents),
    earned_usd: toUsd(row.earned_cents),
    adjustments_usd: toUsd(row.adjustments_cents),
    payouts_usd: toUsd(row.payouts_cents),
    closing_usd: toUsd(row.closing_cents),
    issued_at: row.issued_at.toISOString(),
    emailed_at: row.emailed_at?.toISOString() ?? null,
  };
}

/** The statements issued to a partner, newest month first (for GET /api/user/earnings). */
export async function listStatements(db: Executor, userId: number): Promise<StatementSummary[]> {
  const rows = await db.select().from(earningStatements).where(eq(earningStatements.user_id, userId)).orderBy(desc(earningStatements.month));
  return rows.map(toStatementSummary);
}

const rowsOf = async <Row>(db: Executor, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * The partners due a statement of `month` and not yet issued one: a movement in the month (an
 * approval, a voiding of an entry that counted, a payout, a payout failing) or money owed either
 * way at its end. The same balance rule as statement.ts (`countedSpan`, `balanceBefore`), in SQL,
 * so a run reads only those partners' ledgers.
 */
async function partnersDue(db: Executor, month: string, start: Date, end: Date): Promise<number[]> {
  // An entry counts from its approval; a void one only if approved before it was voided, until then.
  const counted = sql`(e.status in ('approved', 'paid') or (e.status = 'void' and e.approved_at is not null and e.voided_at > e.approved_at))`;
  const approvedAt = sql`coalesce(e.approved_at, e.created_at)`;
  const from = sql`${start.toISOString()}::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  const returnedAt = sql`coalesce(p.settled_at, p.created_at)`;
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`
    select u.id from users u
    where not exists (select 1 from earning_statements s where s.user_id = u.id and s.month = ${month})
      and (
        exists (select 1 from earning_entries e where e.user_id = u.id and ${counted}
          and ((${approvedAt} >= ${from} and ${approvedAt} < ${to}) or (e.status = 'void' and e.voided_at >= ${from} and e.voided_at < ${to})))
        or exists (select 1 from payouts p where p.user_id = u.id
          and ((p.created_at >= ${from} and p.created_at < ${to}) or (p.status = 'failed' and ${returnedAt} >= ${from} and ${returnedAt} < ${to})))
        or (select coalesce(sum(e.amount_cents), 0) from earning_entries e where e.user_id = u.id and ${counted} and ${approvedAt} < ${to} and not (e.status = 'void' and e.voided_at < ${to}))
          <> (select coalesce(sum(p.amount_cents), 0) from payouts p where p.user_id = u.id and p.created_at < ${to} and not (p.status = 'failed' and ${returnedAt} < ${to}))
      )
    order by u.id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Whether the partner takes earnings emails: a verified address, and the `earnings` email on (by choice or default). */
async function takesEarningsEmail(tx: Executor, userId: number): Promise<boolean> {
  const rows = await rowsOf<{ yes: boolean }>(
    tx,
    sql`
    select (u.email_verified_at is not null
      and coalesce((select p.email from notification_preferences p where p.user_id = u.id and p.event_type = 'earnings'), ${DEFAULT_EMAIL_PREFERENCES.earnings})) as yes
    from users u where u.id = ${userId}`,
  );
  return rows[0]?.yes === true;
}

/**
 * Records one partner's statement of `month` (once: the primary key is user and month) and,
 * when `announce`, tells them in the same transaction: an `earnings` notification, which is
 * emailed like every earnings notice when they take those emails (a link to /earnings; no
 * TIN, no bank details), and `emailed_at` set with that outbox row. Null when it was issued already.
 */
async function issueOne(ctx: AppContext, userId: number, statement: Statement, announce: boolean, now: Date): Promise<NotificationRow[] | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(earningStatements)
      .values({
        user_id: userId,
        month: statement.month,
        opening_cents: statement.opening_cents,
        earned_cents: statement.earned_cents,
        adjustments_cents: statement.adjustments_cents,
        payouts_cents: statement.payouts_cents,
        closing_cents: statement.closing_cents,
        issued_at: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await recordAudit(tx, {
      actorId: null,
      action: 'statement_issued',
      entityType: 'user',
      entityId: userId,
      changes: {
        month: { before: null, after: statement.month },
        closing_usd: { before: null, after: toUsd(statement.closing_cents) },
      },
    });
    if (!announce) return [];
    const label = monthLabel(statement.month);
    const notified = await createNotifications(tx, [userId], {
      kind: 'earnings',
      title: `Your ${label} statement`,
      message: `Your earnings statement for ${label} is ready: opening balance ${formatCents(statement.opening_cents)}, closing balance ${formatCents(statement.closing_cents)}. Download it on your Earnings page.`,
      subject: null,
    });
    if (await takesEarningsEmail(tx, userId))
      await tx
        .update(earningStatements)
        .set({ emailed_at: now })
        .where(and(eq(earningStatements.user_id, userId), eq(earningStatements.month, statement.month)));
    return notified;
  });
}

/**
 * The issuing job's run: for each of the last STATEMENT_CATCH_UP_MONTHS ended business months,
 * oldest first, a statement for each partner due one and without it. Months missed while the
 * app was down are issued too, so the list has no holes, but only the newest ended month is
 * announced: one email, never a burst of stale ones. Returns the statements issued.
 */
export async function issueStatements(ctx: AppContext, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const timeZone = ctx.config.businessTimeZone;
  const latest = addMonths(monthIn(timeZone, now), -1);
  let issued = 0;
  for (let back = STATEMENT_CATCH_UP_MONTHS - 1; back >= 0; back -= 1) {
    const month = addMonths(latest, -back);
    const due = await partnersDue(ctx.db, month, monthStartIn(timeZone, month), monthEndIn(timeZone, month));
    for (const userId of due) {
      const { entries, payouts: rows } = await statementRows(ctx.db, userId);
      const statement = computeStatement(entries, rows, month, timeZone);
      const notified = await issueOne(ctx, userId, statement, month === latest, now);
      if (notified === null) continue;
      issued += 1;
      await publishNotifications(ctx, notified);
    }
  }
  return issued;
}

/** The issuing job: every hour, in one process of the cluster at a time. */
export function scheduleStatements(ctx: AppContext, locks: ClusterLocks, intervalMs = STATEMENT_CHECK_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'earning-statements',
    async () => {
      const issued = await issueStatements(ctx);
      if (issued > 0) ctx.log.info({ issued }, 'earning statements issued');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'earning statements failed'),
  );
}
