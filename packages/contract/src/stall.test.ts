import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysInStage,
  DEFAULT_STALL_THRESHOLDS,
  isProjectStalled,
  isStalled,
  stallThresholdOf,
  stalledIfEnteredBy,
} from './stall.js';
import { stallSettingsBodySchema, stallThresholdsSchema } from './stall-schemas.js';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

describe('days in stage (issue 18 item 3)', () => {
  it('counts whole days since the stay began, 0 on the first day and never below', () => {
    expect(daysInStage(ago(0.5), now)).toBe(0);
    expect(daysInStage(ago(1), now)).toBe(1);
    expect(daysInStage(ago(14.99).toISOString(), now)).toBe(14);
    expect(daysInStage(new Date(now.getTime() + 60_000), now)).toBe(0);
    expect(daysInStage('not a date', now)).toBe(0);
  });
});

describe('the stall rule', () => {
  it('is stalled only past the threshold, and never at a stage without one', () => {
    expect(isStalled(14, 14)).toBe(false);
    expect(isStalled(15, 14)).toBe(true);
    expect(isStalled(400, null)).toBe(false);
    expect(stallThresholdOf('Presentation Ready', DEFAULT_STALL_THRESHOLDS)).toBe(21);
    expect(stallThresholdOf('Project Completion', DEFAULT_STALL_THRESHOLDS)).toBeNull();
    expect(stallThresholdOf('Archived', DEFAULT_STALL_THRESHOLDS)).toBeNull();
  });

  it("has the issue's defaults: 14, 21, 30 and 30 days for the first four stages", () => {
    expect(Object.values(DEFAULT_STALL_THRESHOLDS)).toEqual([14, 21, 30, 30]);
    expect(stallThresholdsSchema.parse(DEFAULT_STALL_THRESHOLDS)).toEqual(DEFAULT_STALL_THRESHOLDS);
  });

  it("gives the query's cut-off the same answer as the rule, to the millisecond", () => {
    const cutoff = stalledIfEnteredBy(14, now);
    expect(isProjectStalled('Project Initiation', cutoff, DEFAULT_STALL_THRESHOLDS, now)).toBe(true);
    expect(isProjectStalled('Project Initiation', new Date(cutoff.getTime() + 1), DEFAULT_STALL_THRESHOLDS, now)).toBe(false);
    expect(isProjectStalled('Site Survey and Finalization', ago(31), DEFAULT_STALL_THRESHOLDS, now)).toBe(true);
    expect(isProjectStalled('Project Completion', ago(900), DEFAULT_STALL_THRESHOLDS, now)).toBe(false);
    expect(isProjectStalled('Project Initiation', null, DEFAULT_STALL_THRESHOLDS, now)).toBe(false);
  });
});

describe('the stall_thresholds setting', () => {
  it('takes whole days from 1 to 365 for each of the four stages, and nothing else', () => {
    const with_ = (change: Record<string, unknown>) => stallSettingsBodySchema.safeParse({ thresholds: { ...DEFAULT_STALL_THRESHOLDS, ...change } });
    expect(with_({ 'Presentation Ready': 365 }).success).toBe(true);
    const messages = (change: Record<string, unknown>) => with_(change).error?.issues.map((issue) => issue.message);
    expect(messages({ 'Presentation Ready': 0 })).toEqual(['Presentation Ready must be at least 1 day.']);
    expect(messages({ 'Project Initiation': 366 })).toEqual(['Project Initiation must be at most 365 days.']);
    expect(messages({ 'Financing and Documentation': 2.5 })).toEqual(['Financing and Documentation takes whole days.']);
    expect(with_({ 'Project Completion': 10 }).success).toBe(false);
    const { 'Site Survey and Finalization': _left, ...partial } = DEFAULT_STALL_THRESHOLDS;
    expect(stallSettingsBodySchema.safeParse({ thresholds: partial }).success).toBe(false);
  });
});
