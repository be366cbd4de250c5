import { PROJECT_STAGES, type ProjectStage } from './enums.js';

/**
 * Days in stage and stall alerts (issue 18 item 3). A project "stalls" when it has stayed at
 * one of the first four stages longer than that stage's threshold; Project Completion and
 * Archived are where a project ends, so they never stall. The settings' zod schemas are in
 * stall-schemas.ts, so that code which only counts days (the web app's lists) does not load zod.
 */
export const STALL_STAGES = [PROJECT_STAGES[0], PROJECT_STAGES[1], PROJECT_STAGES[2], PROJECT_STAGES[3]] as const;
export type StallStage = (typeof STALL_STAGES)[number];
/** The `stall_thresholds` setting: whole days per stage; stall-schemas.ts checks it. */
export type StallThresholds = Record<StallStage, number>;

/** The defaults, in whole days: a first meeting takes two weeks, financing and the survey a month each. */
export const DEFAULT_STALL_THRESHOLDS: StallThresholds = {
  'Project Initiation': 14,
  'Presentation Ready': 21,
  'Financing and Documentation': 30,
  'Site Survey and Finalization': 30,
};

export const STALL_THRESHOLD_MIN_DAYS = 1;
export const STALL_THRESHOLD_MAX_DAYS = 365;

export const DAY_MS = 86_400_000;

/** Whole days since the stay began: 0 on its first day, never negative (a clock a little ahead). */
export function daysInStage(enteredAt: Date | string, now: Date | number = Date.now()): number {
  const entered = typeof enteredAt === 'string' ? Date.parse(enteredAt) : enteredAt.getTime();
  if (Number.isNaN(entered)) return 0;
  return Math.max(0, Math.floor((Number(now) - entered) / DAY_MS));
}

export const isStallStage = (stage: ProjectStage): stage is StallStage => (STALL_STAGES as readonly string[]).includes(stage);

/** The stage's threshold in days, or null for a stage that never stalls. */
export const stallThresholdOf = (stage: ProjectStage, thresholds: StallThresholds): number | null => (isStallStage(stage) ? thresholds[stage] : null);

/** The rule: a stay is stalled once its whole days in stage are past the threshold (15 days on a 14-day threshold). */
export const isStalled = (days: number, threshold: number | null): boolean => threshold !== null && days > threshold;

/**
 * The same rule as a moment, for a query: a stay that began at or before this instant has
 * more than `threshold` whole days at `now`.
 */
export const stalledIfEnteredBy = (threshold: number, now: Date): Date => new Date(now.getTime() - (threshold + 1) * DAY_MS);

/** Whether a project at `stage` since `enteredAt` is stalled at `now` (the project JSON's `stalled`). */
export function isProjectStalled(stage: ProjectStage, enteredAt: Date | string | null, thresholds: StallThresholds, now: Date | number = Date.now()): boolean {
  return enteredAt !== null && isStalled(daysInStage(enteredAt, now), stallThresholdOf(stage, thresholds));
}
