import {
  ALL_PROJECT_STAGES,
  BOARD_CARDS_PER_COLUMN,
  STALL_STAGES,
  daysInStage,
  isProjectStalled,
  isStallStage,
  stalledIfEnteredBy,
  type BoardCard,
  type BoardQuery,
  type BoardResponse,
  type ProjectStage,
  type StallThresholds,
} from '@sunin/contract';
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { boardTotals } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { escapeLike } from '../../lib/like.js';
import { readStallThresholds } from '../stalls/stalls.service.js';

/**
 * The pipeline board (issue 37 item 4, docs/decisions/045-pipeline-board.md). Its cost does not
 * grow with the number of projects:
 * - a column's count and deal value come from board_totals (a few rows per owner, stage and
 *   state, kept by triggers, migration 0019); with `stalled`, from the stalled projects only,
 *   an index range per stage ending at the stage's cutoff;
 * - a column's cards are the first rows of projects_stage_entered_idx (or, for one owner,
 *   projects_user_stage_entered_idx), the longest in the stage first, read on by a keyset
 *   cursor on (stage_entered_at, id); a project without a stage_entered_at (no history) comes
 *   last, by id.
 */

export interface BoardFilter {
  ownerId: number | undefined;
  state: string | undefined;
  stalled: boolean;
}

export const boardFilterOf = (query: BoardQuery): BoardFilter => ({ ownerId: query.owner_id, state: query.state, stalled: query.stalled === 'true' });

/**
 * Where a column's next page starts: after this card. Its stage_entered_at in whole microseconds
 * since 1970 (PostgreSQL's precision; an ISO time in milliseconds would repeat a card).
 */
interface Cursor {
  enteredUs: number | null;
  id: number;
}

const INVALID_CURSOR = 'cursor is not valid.';

function encodeCursor(row: Pick<CardRow, 'entered_us' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.entered_us === null ? null : Number(row.entered_us), row.id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [enteredUs, id] = value as unknown[];
      const validTime = enteredUs === null || Number.isSafeInteger(enteredUs);
      if (validTime && Number.isInteger(id) && (id as number) > 0 && (id as number) <= 2_147_483_647) return { enteredUs: enteredUs as number | null, id: id as number };
    }
  } catch {
    // Not base64url JSON: the same answer as any other bad cursor.
  }
  throw new AppError('validation_failed', INVALID_CURSOR, { cursor: INVALID_CURSOR });
}

/** The instant before which a stay at `stage` is stalled now, or null for a stage that never stalls. */
const cutoffOf = (stage: ProjectStage, thresholds: StallThresholds, now: Date): Date | null => (isStallStage(stage) ? stalledIfEnteredBy(thresholds[stage], now) : null);

/** The owner and state conditions on projects `p` (raw SQL, as the lateral card query needs). */
function projectConditions(filter: BoardFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.ownerId !== undefined) conditions.push(sql`p.user_id = ${filter.ownerId}`);
  // As All Projects' state filter: the whole value, any case.
  if (filter.state !== undefined) conditions.push(sql`p.state ilike ${escapeLike(filter.state)}`);
  return conditions;
}

const CARD_COLUMNS = sql`p.id, p.company_name, p.user_id, p.state, p.project_stage, p.deal_value_cents, p.stage_entered_at, (extract(epoch from p.stage_entered_at) * 1000000)::bigint::text as entered_us, p.updated_at, trim(u.first_name || ' ' || u.last_name) as owner_name`;

interface CardRow {
  id: number;
  company_name: string;
  user_id: number;
  state: string;
  project_stage: ProjectStage;
  deal_value_cents: number | string;
  stage_entered_at: Date | string | null;
  entered_us: string | null;
  updated_at: Date | string;
  owner_name: string;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
const usd = (cents: number | string | null | undefined): number => Number(cents ?? 0) / 100;

function toCard(row: CardRow, thresholds: StallThresholds, now: Date): BoardCard {
  const enteredAt = row.stage_entered_at === null ? null : iso(row.stage_entered_at);
  return {
    id: row.id,
    company_name: row.company_name,
    user_id: row.user_id,
    owner_name: row.owner_name,
    state: row.state,
    project_stage: row.project_stage,
    deal_value_usd: usd(row.deal_value_cents),
    stage_entered_at: enteredAt,
    days_in_stage: enteredAt === null ? null : daysInStage(enteredAt, now),
    stalled: isProjectStalled(row.project_stage, enteredAt, thresholds, now),
    updated_at: iso(row.updated_at),
  };
}

const rowsOf = async <Row>(db: Executor, query: SQL): Promise<Row[]> => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** A page of cards and the cursor after it (one row more than the page is read to know). */
function pageOf(rows: CardRow[], thresholds: StallThresholds, now: Date): { cards: BoardCard[]; next_cursor: string | null } {
  const page = rows.slice(0, BOARD_CARDS_PER_COLUMN);
  const last = page.at(-1);
  return { cards: page.map((row) => toCard(row, thresholds, now)), next_cursor: rows.length > BOARD_CARDS_PER_COLUMN && last ? encodeCursor(last) : null };
}

/** Each column's count and deal value: board_totals' few rows, or (stalled) the stalled projects of each stage. */
async function columnTotals(db: Executor, filter: BoardFilter, thresholds: StallThresholds, now: Date): Promise<Map<ProjectStage, { n: number; cents: number }>> {
  const totals = new Map<ProjectStage, { n: number; cents: number }>();
  if (!filter.stalled) {
    const rows = await db
      .select({ stage: boardTotals.project_stage, n: sql<string>`sum(${boardTotals.n})`, cents: sql<string>`sum(${boardTotals.deal_value_cents})` })
      .from(boardTotals)
      .where(and(filter.ownerId === undefined ? undefined : eq(boardTotals.user_id, filter.ownerId), filter.state === undefined ? undefined : ilike(boardTotals.state, escapeLike(filter.state))))
      .groupBy(boardTotals.project_stage);
    for (const row of rows) totals.set(row.stage as ProjectStage, { n: Number(row.n), cents: Number(row.cents) });
    return totals;
  }
  // Only the stalled: each stall stage's index range up to its cutoff, so the work is bounded by
  // how many projects are stalled, not by how many there are.
  const parts = STALL_STAGES.map(
    (stage) =>
      sql`select ${stage}::text as stage, count(*)::int as n, coalesce(sum(p.deal_value_cents), 0)::bigint as cents from projects p
        where ${sql.join([sql`p.project_stage = ${stage}`, sql`p.stage_entered_at <= ${cutoffOf(stage, thresholds, now)!.toISOString()}::timestamptz`, ...projectConditions(filter)], sql` and `)}`,
  );
  const rows = await rowsOf<{ stage: ProjectStage; n: number; cents: string | number }>(db, sql.join(parts, sql` union all `));
  for (const row of rows) totals.set(row.stage, { n: Number(row.n), cents: Number(row.cents) });
  return totals;
}

/**
 * The first cards of every column in one round trip: for each stage, a LATERAL read of the
 * index's first rows (with `stalled`, only the stall stages, up to each one's cutoff).
 */
async function firstCards(db: Executor, filter: BoardFilter, thresholds: StallThresholds, now: Date): Promise<CardRow[]> {
  const stages = filter.stalled ? [...STALL_STAGES] : [...ALL_PROJECT_STAGES];
  const stageList = sql.join(
    stages.map((stage) => sql`${stage}`),
    sql`, `,
  );
  const cutoffList = sql.join(
    stages.map((stage) => sql`${cutoffOf(stage, thresholds, now)?.toISOString() ?? null}`),
    sql`, `,
  );
  const conditions = [sql`p.project_stage = s.stage`, ...projectConditions(filter)];
  if (filter.stalled) conditions.push(sql`p.stage_entered_at <= s.cutoff`);
  return rowsOf<CardRow>(
    db,
    sql`select c.* from unnest(array[${stageList}]::text[], array[${cutoffList}]::timestamptz[]) as s(stage, cutoff)
      cross join lateral (
        select ${CARD_COLUMNS} from projects p join users u on u.id = p.user_id
        where ${sql.join(conditions, sql` and `)}
        order by p.stage_entered_at, p.id limit ${BOARD_CARDS_PER_COLUMN + 1}
      ) c`,
  );
}

/** GET /api/admin/board: every column in pipeline order, Archived last. */
export async function readBoard(ctx: AppContext, filter: BoardFilter): Promise<BoardResponse> {
  const { value: thresholds } = await readStallThresholds(ctx.db);
  const now = new Date();
  const [totals, cards] = await Promise.all([columnTotals(ctx.db, filter, thresholds, now), firstCards(ctx.db, filter, thresholds, now)]);
  return {
    columns: ALL_PROJECT_STAGES.map((stage) => {
      const total = totals.get(stage) ?? { n: 0, cents: 0 };
      return {
        stage,
        count: total.n,
        deal_value_usd: usd(total.cents),
        ...pageOf(
          cards.filter((row) => row.project_stage === stage),
          thresholds,
          now,
        ),
      };
    }),
  };
}

/**
 * GET /api/admin/board/columns/{stage}?cursor=: the cards after the cursor, same filters. The
 * cards with a stage_entered_at come first in index order; the few without one (no history)
 * follow by id.
 */
export async function readColumnPage(ctx: AppContext, stage: ProjectStage, filter: BoardFilter, cursorText: string | undefined): Promise<{ cards: BoardCard[]; next_cursor: string | null }> {
  const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
  const { value: thresholds } = await readStallThresholds(ctx.db);
  const now = new Date();
  const cutoff = cutoffOf(stage, thresholds, now);
  if (filter.stalled && cutoff === null) return { cards: [], next_cursor: null };
  const base = [sql`p.project_stage = ${stage}`, ...projectConditions(filter)];
  const read = (conditions: SQL[], limit: number) =>
    rowsOf<CardRow>(ctx.db, sql`select ${CARD_COLUMNS} from projects p join users u on u.id = p.user_id where ${sql.join(conditions, sql` and `)} order by p.stage_entered_at, p.id limit ${limit}`);
  const wanted = BOARD_CARDS_PER_COLUMN + 1;
  let rows: CardRow[] = [];
  if (cursor?.enteredUs !== null) {
    const after = cursor ? sql`(p.stage_entered_at, p.id) > (timestamptz 'epoch' + ${cursor.enteredUs}::bigint * interval '1 microsecond', ${cursor.id}::int)` : sql`p.stage_entered_at is not null`;
    const entered = [...base, after];
    if (filter.stalled) entered.push(sql`p.stage_entered_at <= ${cutoff!.toISOString()}::timestamptz`);
    rows = await read(entered, wanted);
  }
  // A stalled project always has its stage_entered_at; the others end with the ones without.
  if (rows.length < wanted && !filter.stalled) {
    const after = cursor?.enteredUs === null ? cursor.id : 0;
    rows.push(...(await read([...base, sql`p.stage_entered_at is null`, sql`p.id > ${after}`], wanted - rows.length)));
  }
  return pageOf(rows, thresholds, now);
}
