import { useEffect, useState } from 'react';
import { ADMIN_PROJECTS_PAGE_SIZE } from '@sunin/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useAdminProjects } from '../api/list-projects';
import { AdminPageHeader, tableClasses } from '../components/admin-page-header';
import { StageBadge } from '../components/record-tables';

/** All Projects (/admin/all-projects): newest updated first, 25 a page; failures are logged only. */
export function AllProjectsPage() {
  const [page, setPage] = useState(1);
  const projects = useAdminProjects(page, ADMIN_PROJECTS_PAGE_SIZE);
  useEffect(() => {
    if (projects.isError) console.error('Failed to load projects.', projects.error);
  }, [projects.isError, projects.error]);

  return (
    <div className="space-y-4">
      <AdminPageHeader title="All Projects" description="Every member's projects, most recently updated first." />
      {projects.isPending ? (
        <PageSpinner label="Loading projects…" />
      ) : !projects.data || projects.data.total === 0 ? (
        <EmptyState title="No Projects Yet" />
      ) : (
        <>
          <div className={tableClasses.wrap}>
            <table className={tableClasses.table}>
              <caption className="sr-only">All projects</caption>
              <thead>
                <tr>
                  {['ID', 'Company', 'Owner Name', 'Stage'].map((header) => (
                    <th key={header} scope="col" className={tableClasses.th}>
                      {header}
                    </th>
                  ))}
                  <th scope="col" className={tableClasses.th}>
                    <span className="sr-only">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-200">
                {projects.data.rows.map((project) => (
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
          <Pagination page={page} pageSize={ADMIN_PROJECTS_PAGE_SIZE} total={projects.data.total} onPageChange={setPage} label="Project pages" />
        </>
      )}
    </div>
  );
}
