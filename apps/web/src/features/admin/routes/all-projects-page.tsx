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

/** All Projects (/admin/all-projects): newest updated first, 25 a page; a failure is logged and shown with Retry. */
export function AllProjectsPage() {
  const [page, setPage] = useState(1);
  const projects = useAdminProjects(page, ADMIN_PROJECTS_PAGE_SIZE);
  const wide = useMediaQuery(MD_UP);
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
          {wide ? <ProjectTable projects={projects.data.rows} /> : <ProjectCards projects={projects.data.rows} />}
          <Pagination page={page} pageSize={ADMIN_PROJECTS_PAGE_SIZE} total={projects.data.total} onPageChange={setPage} label="Project pages" />
        </>
      )}
    </div>
  );
}

function ProjectTable({ projects }: { projects: Project[] }) {
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">All projects</caption>
        <TableHead columns={['ID', 'Company', 'Owner Name', 'Stage']} action="Open" />
        <tbody className="divide-y divide-ink-200">
          {projects.map((project) => (
            <tr key={project.id}>
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
function ProjectCards({ projects }: { projects: Project[] }) {
  return (
    <ul aria-label="All projects" className={cardClasses.list}>
      {projects.map((project) => (
        <li key={project.id} className={cardClasses.card}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
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
