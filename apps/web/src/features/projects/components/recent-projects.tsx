import { Link } from 'react-router';
import { HOME_LIST_HEIGHT_PX, HOME_RECENT_LIMIT, type Project } from '@sunin/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useProjects } from '../api/list-projects';
import { NO_PROJECTS, PROJECTS_LOAD_FAILED } from '../messages';
import { StageBadge } from './stage-badge';

interface RecentProjectsCardProps {
  /** undefined while loading. */
  projects: Project[] | undefined;
  /** Set when the list failed to load: the card says so with Retry (issue 34 item 7). */
  failure?: { onRetry: () => unknown; retrying: boolean };
  /** Where a row leads: the member's project page, or the admin's for company-wide rows. */
  projectPath: (id: number) => string;
  allProjectsPath: string;
}

/**
 * /home's 'Recent Projects' card (member-app.md 2): the 10 most recently updated, in a 250 px
 * scroll area, each linking to its page.
 */
export function RecentProjectsCard({ projects, failure, projectPath, allProjectsPath }: RecentProjectsCardProps) {
  return (
    <section aria-labelledby="recent-projects-title" className="flex flex-col rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-projects-title" className="text-lg font-semibold text-ink-900">
          Recent Projects
        </h2>
        <Link to={allProjectsPath} className={`${textLinkClasses} text-sm`}>
          View all projects
        </Link>
      </div>
      <div className="relative mt-4 overflow-y-auto" style={{ height: HOME_LIST_HEIGHT_PX }}>
        {failure ? (
          <LoadError message={PROJECTS_LOAD_FAILED} onRetry={failure.onRetry} retrying={failure.retrying} />
        ) : projects === undefined ? (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <Spinner /> Loading…
          </p>
        ) : projects.length === 0 ? (
          <EmptyState title={NO_PROJECTS} className="flex h-full flex-col items-center justify-center" />
        ) : (
          <ul className="divide-y divide-ink-100">
            {projects.map((project) => (
              <li key={project.id}>
                <Link to={projectPath(project.id)} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-2.5 hover:bg-ink-50">
                  <span className="font-mono text-sm text-ink-500">#{project.id}</span>
                  <span className="min-w-0 flex-1 truncate font-medium text-ink-900">{project.company_name || 'Untitled project'}</span>
                  <StageBadge stage={project.project_stage} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** The member's own recent projects (GET /api/projects). */
export function RecentProjects() {
  const projects = useProjects({ page: 1, perPage: HOME_RECENT_LIMIT });
  return (
    <RecentProjectsCard
      projects={projects.data?.projects}
      failure={projects.isError ? { onRetry: () => projects.refetch(), retrying: projects.isFetching } : undefined}
      projectPath={(id) => `/projects/${id}`}
      allProjectsPath="/projects"
    />
  );
}
