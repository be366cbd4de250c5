import type { DuplicateProject } from '@sunin/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { fullName } from '../users/full-name.js';
import { addressOf } from './project-address.js';

/** At most this many other projects of one site are listed (the contract's duplicatesResponseSchema). */
export const DUPLICATES_LIMIT = 20;

/**
 * The other projects at a project's site, any partner's (issue 37 item 6): the same generated
 * site_key, '' never matching, oldest first, from projects_site_idx. 404 for no such project.
 */
export async function listSiteDuplicates(db: Executor, projectId: number): Promise<DuplicateProject[]> {
  const [project] = await db.select({ siteKey: projects.site_key }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new AppError('not_found', 'Project not found.');
  if (project.siteKey === '') return [];
  const other = alias(projects, 'other');
  const rows = await db
    .select({ project: other, ownerName: fullName })
    .from(other)
    .innerJoin(users, eq(users.id, other.user_id))
    .where(and(sql`${other.site_key} <> ''`, eq(other.site_key, project.siteKey), ne(other.id, projectId)))
    .orderBy(asc(other.created_at), asc(other.id))
    .limit(DUPLICATES_LIMIT);
  return rows.map(({ project: row, ownerName }) => ({
    id: row.id,
    company_name: row.company_name,
    address: addressOf(row),
    user_id: row.user_id,
    owner_name: ownerName,
    project_stage: row.project_stage,
    created_at: row.created_at.toISOString(),
  }));
}
