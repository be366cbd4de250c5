import { useEffect, useState } from 'react';
import { ADMIN_PROJECTS_PAGE_SIZE, type Project } from '@sunin/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ADMIN_LOAD_ERRORS } from '../admin-messages';
import { useAdminProjects } from '../api/list-projects';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { AdminPageHeader, cardClasses, TableHead, tableClasses } from '../components/admin-page-header';
import { StageBadge } from '../components/record-tables';
import { BulkStageBar } from '../components/bulk-stage-bar';
import { RowCheckbox, SelectAllCheckbox, SelectAllOnPage } from '../components/selection-checkbox';
import { useRowSelection, type RowSelection } from '../hooks/use-row-selection';

/** All Projects (/admin/all-projects): newest updated first, 25 a page; a failure is logged and shown with Retry. */
export function AllProjectsPage() {
  const [page, setPage] = useState(1);
  const projects = useAdminProjects(page, ADMIN_PROJECTS_PAGE_SIZE);
  const wide = useMediaQuery(MD_UP);
  const selection = useRowSelection(projects.data?.rows.map((project) => project.id) ?? []);
  useEffect(() => {
    if (projects.isError) console.error('Failed to load projects.', projects.error);
  }, [projects.isError, projects.error]);

  return (
    <div className="space-y-4">
      <AdminPageHeader title="All Projects" description="Every member's projects, most recently updated first." />
      {projects.isPending ? (
        <PageSpinner label="Loading projects…" />
      ) : projects.isError ? (
        <LoadError message={ADMIN_LOAD_ERRORS.projects} onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !projects.data || projects.data.total === 0 ? (
        <EmptyState title="No Projects Yet" />
      ) : (
        <>
          <BulkStageBar selection={selection} />
          {!wide && <SelectAllOnPage selection={selection} />}
          {wide ? <ProjectTable projects={projects.data.rows} selection={selection} /> : <ProjectCards projects={projects.data.rows} selection={selection} />}
          <Pagination page={page} pageSize={ADMIN_PROJECTS_PAGE_SIZE} total={projects.data.total} onPageChange={setPage} label="Project pages" />
        </>
      )}
    </div>
  );
}

function ProjectTable({ projects, selection }: { projects: Project[]; selection: RowSelection }) {
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">All projects</caption>
        <TableHead columns={['ID', 'Company', 'Owner Name', 'Stage']} action="Open" lead={<SelectAllCheckbox selection={selection} />} />
        <tbody className="divide-y divide-ink-200">
          {projects.map((project) => (
            <tr key={project.id}>
              <td className={tableClasses.td}>
                <RowCheckbox selection={selection} id={project.id} label={`Select project ${project.id}, ${project.company_name}`} />
              </td>
              <td className={`${tableClasses.td} font-semibold`}>{project.id}</td>
              <td className={`${tableClasses.td} font-medium text-ink-900`}>{project.company_name}</td>
              <td className={`${tableClasses.td} whitespace-nowrap`}>{project.owner_name || 'N/A'}</td>
              <td className={tableClasses.td}>
                <StageBadge stage={project.project_stage} />
              </td>
              <td className={`${tableClasses.td} text-right`}>
                <TextLink to={`/admin/projects/${project.id}`} aria-label={`View project ${project.id}`}>
                  View
                </TextLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below md: one card per project, the View link inside the screen. */
function ProjectCards({ projects, selection }: { projects: Project[]; selection: RowSelection }) {
  return (
    <ul aria-label="All projects" className={cardClasses.list}>
      {projects.map((project) => (
        <li key={project.id} className={cardClasses.card}>
          <div className="flex items-start justify-between gap-3">
            <RowCheckbox selection={selection} id={project.id} label={`Select project ${project.id}, ${project.company_name}`} />
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold tracking-wide text-ink-600 uppercase">Project #{project.id}</p>
              <p className="font-medium break-words text-ink-900">{project.company_name}</p>
              <p className="text-ink-700">Owner: {project.owner_name || 'N/A'}</p>
            </div>
            <TextLink to={`/admin/projects/${project.id}`} aria-label={`View project ${project.id}`}>
              View
            </TextLink>
          </div>
          <div className="mt-2">
            <StageBadge stage={project.project_stage} />
          </div>
        </li>
      ))}
    </ul>
  );
}
