import { enumLabel, type AdminProjectListQuery, type AdminUserListQuery } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { projects, users, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { csvStream, inBatches, type CsvColumn } from '../../lib/csv.js';
import { ownerName, projectSelection } from '../projects/projects.service.js';
import { projectListFilter, userListOrder, userListWhere } from './admin.service.js';

/**
 * Rows read per query. Batches are read by offset through the list's own filter and order, so
 * an export is exactly the list without paging; a row edited while a long export runs may
 * move between batches (appear twice or not at all), the price of holding no transaction open
 * while a slow client downloads.
 */
export const EXPORT_BATCH_SIZE = 500;

type ExportQuery<Q> = Omit<Q, 'page' | 'per_page'>;
const iso = (value: Date | null) => value?.toISOString() ?? '';

const USER_COLUMNS: CsvColumn<UserRow>[] = [
  { header: 'ID', value: (user) => user.id },
  { header: 'First Name', value: (user) => user.first_name },
  { header: 'Last Name', value: (user) => user.last_name },
  { header: 'Username', value: (user) => user.user_name },
  { header: 'Email', value: (user) => user.email },
  { header: 'Phone', value: (user) => user.phone_number },
  { header: 'Account Type', value: (user) => enumLabel('account_type', user.account_type) },
  { header: 'Company Role', value: (user) => enumLabel('company_role', user.company_role) },
  { header: 'Subscription Status', value: (user) => enumLabel('subscription_status', user.subscription_status) },
  { header: 'Created At', value: (user) => iso(user.created_at) },
];

/** GET /api/admin/users.csv (issue 15 item 3): All Users with its search, filters and sort, every page. */
export function exportUsers(ctx: AppContext, query: ExportQuery<AdminUserListQuery>, onError: (error: unknown) => void, batchSize = EXPORT_BATCH_SIZE): Promise<Readable> {
  const where = userListWhere(query);
  const order = userListOrder(query.sort);
  const rows = inBatches((limit, offset) => ctx.db.select().from(users).where(where).orderBy(...order).limit(limit).offset(offset), batchSize);
  return csvStream(USER_COLUMNS, rows, onError);
}

type ProjectWithOwner = { project: ProjectRow; ownerName: string };
const PROJECT_COLUMNS: CsvColumn<ProjectWithOwner>[] = [
  { header: 'ID', value: ({ project }) => project.id },
  { header: 'Company', value: ({ project }) => project.company_name },
  { header: 'Industry', value: ({ project }) => project.industry },
  { header: 'Stage', value: ({ project }) => enumLabel('project_stage', project.project_stage) },
  { header: 'Owner Name', value: (row) => row.ownerName },
  { header: 'Address', value: ({ project }) => [project.address_1, project.address_2].filter(Boolean).join(', ') },
  { header: 'City', value: ({ project }) => project.city },
  { header: 'State', value: ({ project }) => project.state },
  { header: 'ZIP', value: ({ project }) => project.zip },
  // When the customer signed the current proposal (issue 36), empty while unsigned.
  { header: 'Signed At', value: ({ project }) => iso(project.signed_at) },
  { header: 'Created At', value: ({ project }) => iso(project.created_at) },
  { header: 'Updated At', value: ({ project }) => iso(project.updated_at) },
];

/** GET /api/admin/projects.csv (issue 15 item 3): All Projects with its search, filters and sort, every page. */
export async function exportProjects(ctx: AppContext, query: ExportQuery<AdminProjectListQuery>, onError: (error: unknown) => void, batchSize = EXPORT_BATCH_SIZE): Promise<Readable> {
  const filter = await projectListFilter(ctx.db, query);
  const where = projectSelection(filter);
  const orderBy = filter.orderBy;
  const rows = inBatches(
    (limit, offset) => ctx.db.select({ project: projects, ownerName }).from(projects).innerJoin(users, eq(users.id, projects.user_id)).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    batchSize,
  );
  return csvStream(PROJECT_COLUMNS, rows, onError);
}
