import { OPEN_LEAD_STATUSES, toUsd, type LeadStatus } from '@sunin/contract';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { earningEntries, leads, projects, type LeadRow } from '../../db/schema/index.js';
import type { LeadProject } from './lead-answer.js';

/**
 * What the partner's and the admin's lead lists share: the status filter as lead-answer.ts reads
 * a status (an open lead past its expiry is expired before the job marks it), and the projects of
 * converted leads with their partner's expected earning.
 */

const isOpenStatus = (status: LeadStatus) => (OPEN_LEAD_STATUSES as readonly LeadStatus[]).includes(status);

/** The leads that read `status` at `now` (effectiveLeadStatus). */
export function leadStatusWhere(status: LeadStatus | undefined, now: Date): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'expired') return or(eq(leads.status, 'expired'), and(inArray(leads.status, [...OPEN_LEAD_STATUSES]), lte(leads.expires_at, now)));
  if (isOpenStatus(status)) return and(eq(leads.status, status), or(isNull(leads.expires_at), gt(leads.expires_at, now)));
  return eq(leads.status, status);
}

/**
 * The project of each converted lead, keyed by lead id: its name and stage, and the partner's
 * expected earning on it, the sum of the partner's entries of that project that are not void
 * (deal, adjustments, clawbacks), or null while there are none.
 */
export async function leadProjects(db: Executor, rows: readonly LeadRow[]): Promise<Map<number, LeadProject>> {
  const converted = rows.filter((row): row is LeadRow & { project_id: number } => row.project_id !== null);
  if (converted.length === 0) return new Map();
  const projectIds = [...new Set(converted.map((row) => row.project_id))];
  const partnerIds = [...new Set(converted.flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
  const [found, earnings] = await Promise.all([
    db.select({ id: projects.id, company_name: projects.company_name, project_stage: projects.project_stage }).from(projects).where(inArray(projects.id, projectIds)),
    partnerIds.length === 0
      ? []
      : db
          .select({ project_id: earningEntries.project_id, user_id: earningEntries.user_id, cents: sql<string>`sum(${earningEntries.amount_cents})` })
          .from(earningEntries)
          .where(and(inArray(earningEntries.user_id, partnerIds), inArray(earningEntries.project_id, projectIds), ne(earningEntries.status, 'void')))
          .groupBy(earningEntries.project_id, earningEntries.user_id),
  ]);
  const byId = new Map(found.map((project) => [project.id, project]));
  const earned = new Map(earnings.map((row) => [`${row.project_id}:${row.user_id}`, toUsd(Number(row.cents))]));
  const answer = new Map<number, LeadProject>();
  for (const row of converted) {
    const project = byId.get(row.project_id);
    if (!project) continue;
    answer.set(row.id, { ...project, expected_earning_usd: earned.get(`${row.project_id}:${row.user_id}`) ?? null });
  }
  return answer;
}
