import { Link, useParams } from 'react-router';
import { PROJECT_MESSAGES, type Project } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { isWaitingForNetwork, OfflineUnavailable } from '../../../components/ui/offline-unavailable';
import { RefreshFailedNotice } from '../../../components/ui/refresh-failed-notice';
import { OFFLINE_UNAVAILABLE } from '../offline-messages';
import { textLinkClasses } from '../../../components/ui/text-link';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useProject } from '../api/get-project';
import { PROJECT_TOASTS } from '../messages';
import { ProjectTabs } from '../components/project-tabs';
import { SharePanel } from '../components/share/share-panel';
import { SignedBadge } from '../../../components/ui/signed-badge';
import { TimelinePanel } from '../components/timeline-panel';
import { EstimatePanel } from '../components/estimate/estimate-panel';
import { EstimateDraftProvider } from '../components/estimate/estimate-draft';
import { StageProgress } from '../../../components/ui/stage-progress';
import { parseRouteId } from './project-id';
import { ChevronIcon } from '../../../components/ui/chevron-icon';
import { useFailureToast } from '../../../lib/toast-lifecycle';
import { useQueuedItems } from '../../../lib/offline-queue/site-visit-queue';
import { QueuedCount } from '../site-visit/queued-item-status';

/** Breadcrumb from sm up; on phones a Back link to /projects instead (member-app.md 2). */
function ProjectNavigation() {
  return (
    <>
      <Breadcrumb className="hidden sm:block" items={[{ label: 'Home', to: '/home' }, { label: 'Projects', to: '/projects' }, { label: 'Project' }]} />
      <Link to="/projects" className={`${textLinkClasses} inline-flex items-center gap-1 text-sm sm:hidden`}>
        <ChevronIcon direction="left" />
        Back
      </Link>
    </>
  );
}

/** The site visit items of this project still on the device (issue 41). */
function ProjectQueueCount({ projectId }: { projectId: number }) {
  return <QueuedCount items={useQueuedItems(projectId)} />;
}

function ProjectHeader({ project }: { project: Project }) {
  const cityLine = [project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <header>
      <p className="font-mono text-sm text-ink-500">Project #{project.id}</p>
      <h1 className="mt-1 text-2xl font-bold break-words text-ink-900">{project.company_name || 'Untitled project'}</h1>
      <SignedBadge signedAt={project.signed_at} className="mt-2" />
      <ProjectQueueCount projectId={project.id} />
      <address className="mt-1 text-sm text-ink-600 not-italic">
        {project.address_1 && <span className="block">{project.address_1}</span>}
        {project.address_2 && <span className="block">{project.address_2}</span>}
        {cityLine && <span className="block">{cityLine}</span>}
      </address>
    </header>
  );
}

function ProjectDetail({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  useDocumentTitle(project.data?.company_name || 'Project');

  // member-app.md 8: a project fetch failure says so in a toast (once per failure, gone once it loads).
  useFailureToast(project.isError, PROJECT_TOASTS.fetchProjectFailed, `project-load-${projectId}`);

  if (isWaitingForNetwork(project)) return <OfflineUnavailable message={OFFLINE_UNAVAILABLE.project} />;
  if (project.isPending) return <PageSpinner label="Loading project…" />;

  // A failed refresh of a project already on screen (or restored from the device) keeps it,
  // with a note: only a project with nothing to show gets the error.
  const data = project.data;
  if (data === undefined) {
    const notFound = project.error instanceof ApiError && project.error.status === 404;
    return (
      <Alert tone="error">
        <p className="font-semibold">{PROJECT_TOASTS.fetchProjectFailed}</p>
        <p className="mt-1">{notFound ? 'This project does not exist or is not one of yours.' : 'Please try again.'}</p>
        <div className="mt-3 flex flex-wrap gap-3">
          {!notFound && (
            <Button variant="secondary" onClick={() => void project.refetch()} pending={project.isFetching}>
              Retry
            </Button>
          )}
          <Link to="/projects" className={`${textLinkClasses} self-center`}>
            Back to Projects
          </Link>
        </div>
      </Alert>
    );
  }

  return (
    <div className="space-y-6">
      {project.isError && <RefreshFailedNotice onRetry={() => project.refetch()} retrying={project.isFetching} />}
      <ProjectHeader project={data} />
      <section aria-label="Project stage" className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
        <StageProgress stage={data.project_stage} since={data.stage_entered_at} stalled={data.stalled} />
      </section>
      <div className="rounded-2xl border border-ink-200 bg-white px-4 pb-6 shadow-sm sm:px-6">
        <ProjectTabs project={data} />
      </div>
      <SharePanel projectId={data.id} />
      <EstimatePanel projectId={data.id} />
      <TimelinePanel projectId={data.id} />
    </div>
  );
}

/** /projects/:id (member-app.md 2 "Project detail"). */
export function ProjectPage() {
  const { id } = useParams();
  const projectId = parseRouteId(id);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <ProjectNavigation />
      {projectId === null ? (
        <NoProjectId />
      ) : (
        // Keyed so that moving to another project starts afresh (its own remembered tab, no
        // draft); Utility Info publishes its unsaved values to the estimate panel through the provider.
        <EstimateDraftProvider key={projectId}>
          <ProjectDetail projectId={projectId} />
        </EstimateDraftProvider>
      )}
    </div>
  );
}

function NoProjectId() {
  useDocumentTitle('Project');
  return <Alert tone="error">{PROJECT_MESSAGES.noIdInUrl}</Alert>;
}
