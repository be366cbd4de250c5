import { DEFAULT_STALL_THRESHOLDS, STALL_STAGES, daysInStage, stallThresholdOf, stallThresholdsSchema, stalledIfEnteredBy, type StallThresholds } from '@sunin/contract';
import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { projects, projectStageChanges, users, type NotificationRow } from '../../db/schema/index.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { createNotifications, fullAccessAdminIds, publishNotifications } from '../notifications/notifications.service.js';
import { projectName } from '../projects/project-name.js';
import { readSetting, writeSetting, type Setting } from '../settings/settings.service.js';
import { fullName } from '../users/full-name.js';

/**
 * Days in stage and stall alerts (issue 18 item 3, docs/decisions/021-stall-alerts.md): the
 * per-stage thresholds are the `stall_thresholds` setting; the rule is the contract's
 * (`isStalled`), which the project JSON's `stalled` and this job's query both follow.
 */
export const readStallThresholds = (db: Executor): Promise<Setting<StallThresholds>> => readSetting(db, 'stall_thresholds', stallThresholdsSchema, DEFAULT_STALL_THRESHOLDS);

export async function writeStallThresholds(ctx: AppContext, actorId: number, next: StallThresholds): Promise<void> {
  const { value: before } = await readStallThresholds(ctx.db);
  await writeSetting(ctx, actorId, 'stall_thresholds', before, next);
}

/** A stall is caught within the hour it crosses its threshold; each stay still alerts once. */
export const STALL_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Stays claimed and notified per transaction, so a backlog never loads (or locks) all at once. */
export const STALL_BATCH_SIZE = 200;

const stays = projectStageChanges;

/**
 * A stay (a `project_stage_changes` row) in a stage it has outstayed at `now`: the contract's
 * rule as a moment per stage, entered at or before it means stalled. With `left_at` null, the
 * project is stalled now (the alerts here, the weekly digest).
 */
export const stalledStay = (thresholds: StallThresholds, now: Date) =>
  or(...STALL_STAGES.map((stage) => and(eq(stays.to_stage, stage), lte(stays.changed_at, stalledIfEnteredBy(thresholds[stage], now)))));

/**
 * Notifies each current stay past its stage's threshold, once: the owner and every
 * full_access_admin. A batch of stays is claimed by one conditional UPDATE (`stall_alerted_at`
 * still null, rows locked with SKIP LOCKED) in the transaction that creates its notifications,
 * so two processes, or a run the lock did not cover, can never alert a stay twice, and a
 * rolled-back batch alerts nobody. Notifications are pushed after each commit. A new stage
 * change opens a new stay, which may stall and alert again. Returns the stays alerted.
 */
export async function alertStalledProjects(ctx: AppContext, options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? STALL_BATCH_SIZE;
  const { value: thresholds } = await readStallThresholds(ctx.db);
  const stalled = stalledStay(thresholds, now);
  let alerted = 0;
  for (;;) {
    const { claimed, created } = await ctx.db.transaction(async (tx) => {
      const due = tx
        .select({ id: stays.id })
        .from(stays)
        .where(and(isNull(stays.left_at), isNull(stays.stall_alerted_at), stalled))
        // No order: one bitmap scan of the partial index per stage (an ORDER BY id walked the
        // primary key through the whole history instead); claimed stays leave the index.
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const claimedStays = await tx
        .update(stays)
        .set({ stall_alerted_at: now })
        .where(and(inArray(stays.id, due), isNull(stays.stall_alerted_at)))
        .returning({ projectId: stays.project_id, stage: stays.to_stage, enteredAt: stays.changed_at });
      if (claimedStays.length === 0) return { claimed: 0, created: [] };
      const owners = await tx
        .select({ id: projects.id, company_name: projects.company_name, userId: projects.user_id, ownerName: fullName })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.user_id))
        .where(
          inArray(
            projects.id,
            claimedStays.map((stay) => stay.projectId),
          ),
        );
      const byId = new Map(owners.map((owner) => [owner.id, owner]));
      const admins = await fullAccessAdminIds(tx);
      const notified: NotificationRow[] = [];
      for (const stay of claimedStays) {
        const project = byId.get(stay.projectId);
        if (!project) continue;
        const days = daysInStage(stay.enteredAt, now);
        const threshold = stallThresholdOf(stay.stage, thresholds);
        const name = projectName(project);
        const subject = { project_id: project.id };
        const title = 'Project stalled';
        const over = `has been at ${stay.stage} for ${days} days, past the ${threshold}-day stall threshold.`;
        notified.push(...(await createNotifications(tx, [project.userId], { kind: 'stall_alerts', title, message: `${name} ${over}`, subject })));
        const others = admins.filter((id) => id !== project.userId);
        notified.push(...(await createNotifications(tx, others, { kind: 'stall_alerts', title, message: `${name} (${project.ownerName || 'no owner name'}) ${over}`, subject })));
      }
      return { claimed: claimedStays.length, created: notified };
    });
    await publishNotifications(ctx, created);
    alerted += claimed;
    if (claimed < batchSize) return alerted;
  }
}

/** alertStalledProjects now and every `intervalMs`, once per cluster (docs/decisions/008). Returns the stop function. */
export function scheduleStallAlerts(ctx: AppContext, locks: ClusterLocks, intervalMs = STALL_CHECK_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'stall-alerts',
    async () => {
      const alerted = await alertStalledProjects(ctx);
      if (alerted > 0) ctx.log.info({ alerted }, 'stall alerts sent');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'stall alerts failed'),
  );
}
