import { DEFAULT_STALL_THRESHOLDS, isProjectStalled, stallThresholdsSchema } from '@sunin/contract';
import type { ProjectRow } from '../../db/schema/index.js';
import { settingValue } from '../settings/settings.service.js';

/** A project as the API answers it: the row, its owner's name, when it entered its stage and whether it stalled there. */
export interface ProjectWithOwner {
  project: ProjectRow;
  ownerName: string;
  stageEnteredAt: Date | null;
  /** Past its stage's stall threshold now (issue 18 item 3). */
  stalled: boolean;
}

/**
 * The projects' `stalled` by the stall_thresholds setting (as stored, read with the rows), the
 * rule the stall alerts follow.
 */
export function withStalled(rows: Array<Omit<ProjectWithOwner, 'stalled'>>, storedThresholds: unknown): ProjectWithOwner[] {
  const thresholds = settingValue(stallThresholdsSchema, DEFAULT_STALL_THRESHOLDS, storedThresholds);
  const now = new Date();
  return rows.map((row) => ({ ...row, stalled: isProjectStalled(row.project.project_stage, row.stageEnteredAt, thresholds, now) }));
}

/**
 * The read paths a member hits most (issue 19 item 1) are plain SQL prepared once per
 * connection: one round trip answers everything (the project, its owner's name, when it entered
 * its stage, the stall thresholds and, for a page, the total from project_counts), and the rows
 * go to the answer without a mapping step in between.
 */
export const PROJECT_ANSWER = `p.*, trim(u.first_name || ' ' || u.last_name) as owner_name,
  (select max(c.changed_at) from project_stage_changes c where c.project_id = p.id) as stage_entered_at,
  (select s.value from settings s where s.name = 'stall_thresholds') as stall_thresholds`;

export interface ProjectAnswerRow extends ProjectRow {
  owner_name: string;
  stage_entered_at: Date | null;
  /** The stored setting's value, or null while the default applies. */
  stall_thresholds: unknown;
}

/** The answers of rows read with PROJECT_ANSWER. */
export function answers(rows: ProjectAnswerRow[]): ProjectWithOwner[] {
  return withStalled(
    rows.map((row) => ({ project: row, ownerName: row.owner_name, stageEnteredAt: row.stage_entered_at })),
    rows[0]?.stall_thresholds,
  );
}
