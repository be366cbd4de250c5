import { useEffect } from 'react';
import { Link } from 'react-router';
import { PROJECTS_PAGE_SIZE } from '@sunin/contract';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { DaysInStage } from '../../../components/ui/days-in-stage';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { isWaitingForNetwork, OfflineUnavailable } from '../../../components/ui/offline-unavailable';
import { RefreshFailedNotice } from '../../../components/ui/refresh-failed-notice';
import { OFFLINE_UNAVAILABLE } from '../offline-messages';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { useProjects } from '../api/list-projects';
import { StageBadge } from '../components/stage-badge';
import { SignedBadge } from '../../../components/ui/signed-badge';
import { NO_MATCHING_PROJECTS, NO_PROJECTS, PROJECTS_LOAD_FAILED } from '../messages';
import { ProjectListControls, PROJECT_LIST_FILTERS } from '../components/project-list-controls';
import { useListSearchParams } from '../../../lib/use-list-search-params';

/**
 * /projects (member-app.md 2 "Projects list"): 25 a page, newest update first unless sorted,
 * searched (company, address, city, ID), filtered (stage, state, stalled, an open proposal
 * request) and sorted (issue 37 item 6), the whole list state in the address (?q=&stage=&page=2)
 * so Back, reload and a shared link return to it. Each row also says how long the project has
 * been at its stage, and marks it Stalled past the stage's threshold (issue 18 item 3).
 */
export function ProjectsPage() {
  useDocumentTitle('Projects');
  const list = useListSearchParams(PROJECT_LIST_FILTERS);
  const page = list.page;
  const projects = useProjects({
    page,
    perPage: PROJECTS_PAGE_SIZE,
    q: list.q,
    stage: list.values('stage'),
    state: list.value('state'),
    stalled: list.value('stalled'),
    openProposal: list.value('open_proposal'),
    sort: list.sort,
  });

  // member-app.md 8 logs a list fetch failure; the page also says so with Retry (issue 34
  // item 7) rather than show the empty state.
  useEffect(() => {
    if (projects.isError) console.error('Failed to fetch projects.', projects.error);
  }, [projects.isError, projects.error]);

  const rows = projects.data?.projects ?? [];
  const total = projects.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <Breadcrumb items={[{ label: 'Home', to: '/home' }, { label: 'Projects' }]} />
        <h1 className="mt-3 text-2xl font-bold text-ink-900">Projects</h1>
      </div>

      {/* overflow-hidden: the grey table header would otherwise paint square corners over the
          card's rounded ones (issue 14 item 12). */}
      <section aria-label="Your projects" className="overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-sm">
        <ProjectListControls list={list} />
        {isWaitingForNetwork(projects) ? (
          <OfflineUnavailable message={OFFLINE_UNAVAILABLE.projectList} className="m-5" />
        ) : projects.isPending ? (
          <PageSpinner label="Loading projects…" />
        ) : projects.isError && projects.data === undefined ? (
          <div className="p-5">
            <LoadError message={PROJECTS_LOAD_FAILED} onRetry={() => projects.refetch()} retrying={projects.isFetching} />
          </div>
        ) : rows.length === 0 ? (
          <div className="p-5">
            {total === 0 && list.narrowed ? (
              <EmptyState title={NO_MATCHING_PROJECTS}>
                Try other words or filters, or{' '}
                <button type="button" className={textLinkClasses} onClick={list.clearAll}>
                  clear the search and filters
                </button>
                .
              </EmptyState>
            ) : page === 1 || total === 0 ? (
              <EmptyState title={NO_PROJECTS}>Use the New Project button to submit your first project.</EmptyState>
            ) : (
              <EmptyState title="Nothing on this page">
                <button type="button" className={textLinkClasses} onClick={() => list.setPage(1)}>
                  Go to the first page
                </button>
              </EmptyState>
            )}
          </div>
        ) : (
          <>
            {projects.isError && <RefreshFailedNotice className="m-4" onRetry={() => projects.refetch()} retrying={projects.isFetching} />}
            <div className={`relative overflow-x-auto ${projects.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={projects.isFetching || undefined}>
              <table className="w-full text-left text-sm">
                <thead className="border-b border-ink-200 bg-ink-50 text-xs tracking-wide text-ink-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      ID
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Company
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">
                      State
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                      Stage
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                      Days in Stage
                    </th>
                    <th scope="col" className="px-4 py-3 text-right font-semibold">
                      <span className="sr-only">Details</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {rows.map((project) => (
                    <tr key={project.id} className="hover:bg-ink-50">
                      <td className="px-4 py-3 font-mono text-ink-600">{project.id}</td>
                      <td className="px-4 py-3 break-words">
                        <Link to={`/projects/${project.id}`} className={`${textLinkClasses} font-medium`}>
                          {project.company_name || 'Untitled project'}
                        </Link>
                        {project.signed_at && (
                          <>
                            {' '}
                            <SignedBadge signedAt={project.signed_at} className="ml-1 align-middle" />
                          </>
                        )}
                        {/* Below md the Stage columns are hidden: the time at the stage is a line of the row. */}
                        <span className="mt-1 block text-xs text-ink-600 md:hidden">
                          <DaysInStage since={project.stage_entered_at} stalled={project.stalled} long />
                        </span>
                      </td>
                      <td className="hidden px-4 py-3 text-ink-700 sm:table-cell">{project.state}</td>
                      <td className="hidden px-4 py-3 md:table-cell">
                        <StageBadge stage={project.project_stage} />
                      </td>
                      <td className="hidden px-4 py-3 text-ink-700 md:table-cell">
                        <DaysInStage since={project.stage_entered_at} stalled={project.stalled} />
                      </td>
                      <td className="px-4 py-3 text-right">
                        <Link to={`/projects/${project.id}`} className={textLinkClasses} aria-label={`View project ${project.id}`}>
                          View
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="border-t border-ink-200 px-4 py-3">
              <Pagination label="Projects pages" page={page} pageSize={PROJECTS_PAGE_SIZE} total={total} onPageChange={list.setPage} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
