import { projectSchema, type PageQuery, type Project } from '@sunin/contract';
import { getTableColumns } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { statement } from '../../db/client.js';
import { projects, type ProjectRow } from '../../db/schema/index.js';
import { offsetOf } from '../../lib/pagination.js';
import { STALL_THRESHOLDS, stalledBy } from './project-answer.js';
import { meterAnswers, readIntervalSummaries, type IntervalSummaries } from './project-meters.js';

/**
 * The read a member makes most, their unfiltered `GET /api/projects` (issue 42 item 1, decision
 * 063), answers JSON text its query writes most of: each run of fields between
 * the four written here is one row_to_json object, and this module puts those four
 * (`kilowatt_amounts`, `meters`, `stage_entered_at` and `stalled`, which follow the contract's
 * rules in JavaScript) between the runs. pg then parses seven values a project instead of forty,
 * no date among them, and no object is made per project but the meters'. The bytes are those of
 * JSON.stringify(toProjectResponse(...)) over the same rows: project-json.test.ts compares the
 * two over odd values on both drivers, and outside production every answer is checked against
 * the contract and its compiled serializer (exactAnswerSerializerCompiler).
 */

/** An instant as Date.prototype.toISOString writes it (milliseconds cut, not rounded, as pg's parser cuts them). */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface ProjectJsonRow extends Pick<ProjectRow, 'id' | 'kilowatt_amounts' | 'meters' | 'project_stage'> {
  /** The JSON objects of the runs of fields the query writes, in the contract's order. */
  json_0: string;
  json_1: string;
  json_2: string;
  /** As toISOString writes it, or null. */
  stage_entered_at: string | null;
  stall_thresholds: unknown;
}

type Stalled = ReturnType<typeof stalledBy>;

/** The fields written here, each by the contract's rules: what toProjectResponse answers for them. */
const WRITTEN_HERE = {
  kilowatt_amounts: (row: ProjectJsonRow) => JSON.stringify(row.kilowatt_amounts),
  meters: (row: ProjectJsonRow, intervals: IntervalSummaries) => JSON.stringify(meterAnswers(row, intervals)),
  // toISOString's characters need no escape.
  stage_entered_at: (row: ProjectJsonRow) => (row.stage_entered_at === null ? 'null' : `"${row.stage_entered_at}"`),
  stalled: (row: ProjectJsonRow, _intervals: IntervalSummaries, stalled: Stalled) => (stalled(row) ? 'true' : 'false'),
} satisfies Partial<Record<keyof Project, (row: ProjectJsonRow, intervals: IntervalSummaries, stalled: Stalled) => string>>;
type WrittenHere = keyof typeof WRITTEN_HERE;
type WrittenByQuery = Exclude<keyof Project, WrittenHere>;
const isWrittenHere = (field: string): field is WrittenHere => Object.hasOwn(WRITTEN_HERE, field);

/**
 * The value of each field the query writes, where it is not the project's column of that name
 * (p: the project, u: its owner): toProjectResponse's value, as the drivers read it.
 */
const VALUES: Partial<Record<WrittenByQuery, string>> = {
  owner_name: `trim(u.first_name || ' ' || u.last_name)`,
  tax_exempt_owner: 'p.tax_exempt',
  // drizzle's string mode: the day as text.
  construction_start_date: 'p.construction_start_date::text',
  expected_in_service_date: 'p.expected_in_service_date::text',
  signed_at: isoTime('p.signed_at'),
  created_at: isoTime('p.created_at'),
  updated_at: isoTime('p.updated_at'),
};

const COLUMNS = new Set(Object.values(getTableColumns(projects)).map((column) => column.name));

/** A field's value as SQL: its own expression, or the project's column of its name (a contract field with neither fails the start). */
function valueOf(field: WrittenByQuery): string {
  const value = VALUES[field];
  if (value !== undefined) return value;
  if (!COLUMNS.has(field)) throw new Error(`The project answer's field ${field} is neither a column of projects nor in project-json.ts VALUES.`);
  return `p.${field}`;
}

/** One item of an answer, in the contract's order: a run of fields the query writes (json_N), or a field written here. */
type Item = { run: 'json_0' | 'json_1' | 'json_2' } | { field: WrittenHere; name: string };

/**
 * The answer's layout and the query's JSON objects, from the contract's order: each run of
 * fields between those written here is one object, written by row_to_json: its fields as the
 * select list names them, compact, strings escaped as JSON.stringify escapes them (\", \\, \b,
 * \f, \n, \r, \t and \u00xx in lower case for the other controls; everything else as it is),
 * numbers and booleans as JSON, null where SQL answers null.
 */
function layout(): { items: Item[]; runs: string[] } {
  const items: Item[] = [];
  const runs: string[] = [];
  let run: string[] = [];
  const closeRun = () => {
    if (run.length === 0) return;
    const name = `json_${runs.length}`;
    if (name !== 'json_0' && name !== 'json_1' && name !== 'json_2') throw new Error('project-json.ts reads three runs of fields; the contract now has more.');
    runs.push(`cross join lateral (select ${run.join(', ')}) ${name}`);
    items.push({ run: name });
    run = [];
  };
  for (const field of Object.keys(projectSchema.shape) as Array<keyof Project>) {
    if (!/^[a-z][a-z0-9_]*$/.test(field)) throw new Error(`Not a plain field name: ${field}`);
    if (isWrittenHere(field)) {
      closeRun();
      items.push({ field, name: `"${field}":` });
    } else {
      run.push(`${valueOf(field)} as "${field}"`);
    }
  }
  closeRun();
  if (runs.length !== 3) throw new Error(`project-json.ts reads three runs of fields; the contract has ${runs.length}.`);
  return { items, runs };
}

const { items: ITEMS, runs: RUNS } = layout();

/** The select list: the runs, and what the fields written here are made of. */
const PROJECT_JSON = `${RUNS.map((_, index) => `row_to_json(json_${index})::text as json_${index}`).join(', ')},
  p.id, p.kilowatt_amounts, p.meters, p.project_stage, ${isoTime('p.stage_entered_at')} as stage_entered_at, ${STALL_THRESHOLDS} as stall_thresholds`;

/** A member's page, newest updated_at first (member-app.md 2), with the member's total from project_counts (exported for its plan test). */
export const MEMBER_PAGE_JSON = statement(
  'member_projects_page_json',
  `select ${PROJECT_JSON}, (select coalesce(sum(pc.n), 0)::int from project_counts pc where pc.user_id = $1) as total
   from projects p join users u on u.id = p.user_id ${RUNS.join(' ')} where p.user_id = $1 order by p.updated_at desc, p.id desc limit $2 offset $3`,
);
const MEMBER_TOTAL = statement('member_projects_total', 'select coalesce(sum(n), 0)::int as total from project_counts where user_id = $1');

/**
 * The projects' answers as one JSON array's text: the runs' objects without their
 * braces and the fields written here, in the contract's order, joined once into a flat string
 * (V8 flattens a string concatenated piece by piece when it is written, which cost the page more
 * than the query saved).
 */
async function writeProjects(ctx: AppContext, rows: ProjectJsonRow[]): Promise<string> {
  const intervals = await readIntervalSummaries(ctx.db, rows);
  const stalled = stalledBy(rows[0]?.stall_thresholds);
  const parts: string[] = ['['];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    parts.push(index === 0 ? '{' : ',{');
    for (let at = 0; at < ITEMS.length; at++) {
      const item = ITEMS[at]!;
      if (at > 0) parts.push(',');
      if ('run' in item) parts.push(row[item.run].slice(1, -1));
      else parts.push(item.name, WRITTEN_HERE[item.field](row, intervals, stalled));
    }
    parts.push('}');
  }
  parts.push(']');
  return parts.join('');
}

/** A member's own projects, one page of them, unfiltered: the answer's text (a JSON array) and the total for the headers. */
export async function memberProjectPageJson(ctx: AppContext, ownerId: number, page: PageQuery): Promise<{ json: string; total: number }> {
  const rows = await ctx.run<ProjectJsonRow & { total: number }>(MEMBER_PAGE_JSON, [ownerId, page.per_page, offsetOf(page)]);
  if (rows[0]) return { json: await writeProjects(ctx, rows), total: rows[0].total };
  // A page past the end has no row to carry the total.
  const [totals] = offsetOf(page) > 0 ? await ctx.run<{ total: number }>(MEMBER_TOTAL, [ownerId]) : [];
  return { json: '[]', total: totals?.total ?? 0 };
}
