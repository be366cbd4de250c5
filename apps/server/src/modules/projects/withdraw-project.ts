import { PROJECT_MESSAGES, PROJECT_STAGES, PROJECT_WITHDRAW_HOURS } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { deals, projects, proposalTickets, storedFiles } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { auditedFields, diff, recordAudit } from '../audit/audit.service.js';
import { findProject, type ProjectScope } from './project-access.js';

const exists = (table: typeof proposalTickets | typeof storedFiles | typeof deals, projectId: number) =>
  sql<boolean>`exists (select 1 from ${table} where ${table.project_id} = ${projectId})`;

/**
 * DELETE /api/projects/{id} (issue 34 item 7, docs/decisions/036): the owner takes back a
 * project made by mistake, such as one a Cancel during the New Project submit reached the
 * server too late to stop. Only while nothing else hangs on it: created in the last 24 hours,
 * still at the first stage, with no proposal request, stored file or deal (422 otherwise).
 * Contacts and links go with it (cascade); the audit trail keeps the deletion.
 */
export async function withdrawNewProject(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const project = await findProject(tx, scope, projectId, { lock: true });
    const [holds] = await tx
      .select({ tickets: exists(proposalTickets, projectId), files: exists(storedFiles, projectId), deal: exists(deals, projectId) })
      .from(projects)
      .where(eq(projects.id, projectId));
    const fresh = Date.now() - project.created_at.getTime() < PROJECT_WITHDRAW_HOURS * 3_600_000;
    if (!fresh || project.project_stage !== PROJECT_STAGES[0] || !holds || holds.tickets || holds.files || holds.deal) {
      throw new AppError('rule_broken', PROJECT_MESSAGES.withdrawRefused);
    }
    await tx.delete(projects).where(eq(projects.id, projectId));
    await recordAudit(tx, { actorId: scope.user.id, action: 'deleted', entityType: 'project', entityId: projectId, changes: diff(project, null, auditedFields(project)) });
  });
}
