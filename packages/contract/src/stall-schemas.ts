import { z } from 'zod';
import { STALL_STAGES, STALL_THRESHOLD_MAX_DAYS, STALL_THRESHOLD_MIN_DAYS, type StallStage, type StallThresholds } from './stall.js';

// The stall thresholds setting's schemas; the rules that use it are in stall.ts.

const thresholdDays = (stage: StallStage) =>
  z
    .number({ error: `${stage} needs a number of days.` })
    .int(`${stage} takes whole days.`)
    .min(STALL_THRESHOLD_MIN_DAYS, `${stage} must be at least ${STALL_THRESHOLD_MIN_DAYS} day.`)
    .max(STALL_THRESHOLD_MAX_DAYS, `${stage} must be at most ${STALL_THRESHOLD_MAX_DAYS} days.`);

/** The `stall_thresholds` setting: whole days per stage, keyed by the stage's name. */
export const stallThresholdsSchema = z.strictObject({
  [STALL_STAGES[0]]: thresholdDays(STALL_STAGES[0]),
  [STALL_STAGES[1]]: thresholdDays(STALL_STAGES[1]),
  [STALL_STAGES[2]]: thresholdDays(STALL_STAGES[2]),
  [STALL_STAGES[3]]: thresholdDays(STALL_STAGES[3]),
}) satisfies z.ZodType<StallThresholds>;

/** PUT /api/admin/stall-settings. */
export const stallSettingsBodySchema = z.strictObject({ thresholds: stallThresholdsSchema });
export const stallSettingsResponseSchema = z.object({
  thresholds: stallThresholdsSchema,
  defaults: stallThresholdsSchema,
  updated_at: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type StallSettingsResponse = z.infer<typeof stallSettingsResponseSchema>;
