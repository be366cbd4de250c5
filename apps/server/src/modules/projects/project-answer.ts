import { DEFAULT_STALL_THRESHOLDS, isProjectStalled, stallThresholdsSchema } from '@sunin/contract';
import type { Executor } from '../../db/client.js';
import { columnList } from '../../db/columns.js';
import { projects, type ProjectRow } from '../../db/schema/index.js';
import { settingValue } from '../settings/settings.service.js';
import { readIntervalSummaries, type IntervalSummaries } from './project-meters.js';

/** A project as the API answers it: the row (with when it entered its stage), its owner's name and whether it stalled there. */
export interface ProjectWithOwner {
  project: ProjectRow;
  ownerName: string;
  /** Past its stage's stall threshold now (issue 18 item 3). */
  stalled: boolean;
  /** What the interval imports its meters name kept (issue 35 item 3), read for a whole page at once (withIntervals). */
  intervals?: IntervalSummaries;
}

/** The answers with the interval imports their meters name: one query for the page, none when no meter names one. */
export async function withIntervals(db: Executor, rows: ProjectWithOwner[]): Promise<ProjectWithOwner[]> {
  const intervals = await readIntervalSummaries(db, rows.map((row) => row.project));
  // Most pages name no import: their answers are the rows as they are (a project read's path, issue 42 item 1).
  if (intervals.size === 0) return rows;
  return rows.map((row) => ({ project: row.project, ownerName: row.ownerName, stalled: row.stalled, intervals }));
}

/**
 * The projects' `stalled` by the stall_thresholds setting (as stored, read with the rows), the
 * rule the stall alerts follow.
 */
export function withStalled(rows: Array<Omit<ProjectWithOwner, 'stalled'>>, storedThresholds: unknown): ProjectWithOwner[] {
  const stalled = stalledBy(storedThresholds);
  return rows.map((row) => ({ project: row.project, ownerName: row.ownerName, stalled: stalled(row.project) }));
}

/** Whether a project is stalled now by the stall_thresholds setting as stored (its stage entered at a Date or an ISO time). */
export function stalledBy(storedThresholds: unknown): (project: Pick<ProjectRow, 'project_stage'> & { stage_entered_at: Date | string | null }) => boolean {
  const thresholds = settingValue(stallThresholdsSchema, DEFAULT_STALL_THRESHOLDS, storedThresholds);
  const now = Date.now();
  return (project) => isProjectStalled(project.project_stage, project.stage_entered_at, thresholds, now);
}

/** The stall_thresholds setting as stored (null while the default applies), read with the rows. */
export const STALL_THRESHOLDS = `(select s.value from settings s where s.name = 'stall_thresholds')`;

/**
 * The date columns as YYYY-MM-DD text, as drizzle's string mode reads them: the drivers would
 * make a Date of a raw statement's date (node-postgres at local midnight).
 */
const DAY_COLUMNS = Object.fromEntries(['construction_start_date', 'expected_in_service_date'].map((column) => [column, `p.${column}::text`]));

/**
 * The read paths a member hits most (issue 19 item 1) are plain SQL prepared once per
 * connection: one round trip answers everything (the project with when it entered its stage, its
 * owner's name, the stall thresholds and, for a page, the total from project_counts), and the rows
 * go to the answer without a mapping step in between. The project's columns are listed, never
 * `p.*` (db/columns.ts): a column a later migration adds must not break the prepared statements
 * of a process still running this code.
 */
export const PROJECT_ANSWER = `${columnList(projects, 'p', DAY_COLUMNS)}, trim(u.first_name || ' ' || u.last_name) as owner_name, ${STALL_THRESHOLDS} as stall_thresholds`;

export interface ProjectAnswerRow extends ProjectRow {
  owner_name: string;
  /** The stored setting's value, or null while the default applies. */
  stall_thresholds: unknown;
}

/** The answers of rows read with PROJECT_ANSWER. */
export function answers(rows: ProjectAnswerRow[]): ProjectWithOwner[] {
  const stalled = stalledBy(rows[0]?.stall_thresholds);
  return rows.map((row) => ({ project: row, ownerName: row.owner_name, stalled: stalled(row) }));
}
