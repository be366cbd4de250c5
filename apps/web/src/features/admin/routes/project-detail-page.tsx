import { useEffect, useState } from 'react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useParams, useSearchParams } from 'react-router';
import { ARCHIVED_STAGE, type Project, type ProjectStage } from '@sunin/contract';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useDocumentTitle } from '../../../lib/document-title';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { DealPanel } from '../components/deal-panel';
import { useAdminProject } from '../api/get-project';
import { useUpdateProjectStage } from '../api/update-project-stage';
import { StageProgress } from '../../../components/ui/stage-progress';
import { ManageTicketAction, type ProjectSections } from '../components/project-panels';
import { adminProjectApi } from '../api/admin-project-api';
import { ProjectApiProvider } from '../../../lib/project-api';
import { useDraftKeys } from '../../../lib/form-drafts';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { SignedBadge } from '../../../components/ui/signed-badge';
import { StagePicker } from '../components/stage-picker';
import { SiteDuplicatesNotice } from '../components/site-duplicates-notice';
import { parseRouteId } from './route-id';

const TABS = ['Site Info', 'Utility Info', 'Project Contacts', 'Project Links', 'Assets', 'Notes', 'Proposal', 'Project Stages'] as const;
/** The `?tab=` values a link may open, by the member page's tab keys. */
const TAB_PARAMS: Record<string, (typeof TABS)[number] | undefined> = { 'site-info': 'Site Info', 'utility-info': 'Utility Info', proposal: 'Proposal' };

/**
 * Any stage is set at once (public-site-and-admin.md 2.10), except Archived: it takes the
 * project out of the owner's working views and notifies them, so it is confirmed first
 * (issue 14 item 18).
 */
function ProjectStagesPanel({ project }: { project: Project }) {
  const update = useUpdateProjectStage(project.id);
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  const save = (stage: ProjectStage) =>
    update.mutate(stage, {
      onSuccess: () => adminToast.success(ADMIN_TOASTS.stageUpdated),
      onError: () => adminToast.error(ADMIN_TOASTS.stageUpdateFailed),
      onSettled: () => setConfirmingArchive(false),
    });
  const select = (stage: ProjectStage) => (stage === ARCHIVED_STAGE ? setConfirmingArchive(true) : save(stage));
  const owner = project.owner_name;
  return (
    <div className="max-w-2xl space-y-3">
      <p className="text-sm text-ink-600">Pick any stage to make it current; the owner is notified.</p>
      <StagePicker current={project.project_stage} onSelect={select} disabled={update.isPending} />
      <ConfirmDialog
        open={confirmingArchive}
        title="Archive this project?"
        confirmLabel="Archive project"
        pending={update.isPending}
        onConfirm={() => save(ARCHIVED_STAGE)}
        onCancel={() => setConfirmingArchive(false)}
      >
        <p>
          {owner
            ? `${project.company_name} moves to Archived and leaves ${owner}'s working projects; ${owner} is notified.`
            : `${project.company_name} moves to Archived and leaves its owner's working projects; the owner is notified.`}
        </p>
        <p className="mt-2">You can set another stage later to bring it back.</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * Admin project detail (/admin/projects/:id): stage bar, summary and seven tabs. The first six
 * are the member's, editable here through the admin API (issue 15 item 5); Project Stages sets
 * the stage.
 */
export function AdminProjectPage({ sections }: { sections: ProjectSections }) {
  const projectId = parseRouteId(useParams().id);
  if (projectId === null) return <EmptyState title="Project not found" />;
  return (
    <ProjectApiProvider api={adminProjectApi}>
      <AdminProject key={projectId} projectId={projectId} sections={sections} />
    </ProjectApiProvider>
  );
}

const DRAFT_TABS = { 'site-info': { tab: 'Site Info', label: 'Site Information' }, 'utility-info': { tab: 'Utility Info', label: 'Utility Information' } } as const;

/** The Site Info and Utility Info drafts of the admin's forms: guarded on leaving, marked on their tabs. */
function useAdminDrafts(projectId: number, sections: ProjectSections) {
  const drafts = (Object.keys(DRAFT_TABS) as Array<keyof typeof DRAFT_TABS>).map((form) => ({
    key: sections.draftKey(projectId, form, adminProjectApi.draftPrefix),
    label: DRAFT_TABS[form].label,
    tab: DRAFT_TABS[form].tab as string,
  }));
  const unsaved = useDraftKeys(drafts.map((draft) => draft.key));
  return { drafts, hasDraft: (tab: string) => drafts.some((draft) => draft.tab === tab && unsaved.includes(draft.key)) };
}

function AdminProject({ projectId, sections }: { projectId: number; sections: ProjectSections }) {
  const { drafts, hasDraft } = useAdminDrafts(projectId, sections);
  const project = useAdminProject(projectId);
  // `?tab=proposal`: a notification about the project's proposal opens that tab (issue 14 item 8).
  // `?tab=proposal` (a notification's link) or `?tab=site-info` / `?tab=utility-info` (the estimate's "what to fill in" links) opens that tab.
  const requestedTab = TAB_PARAMS[useSearchParams()[0].get('tab') ?? ''];
  useDocumentTitle(project.data ? project.data.company_name : 'Project');
  useEffect(() => {
    if (project.isError) {
      adminToast.error(ADMIN_TOASTS.projectLoadFailed, `admin-project-${projectId}`);
      adminToast.error(ADMIN_TOASTS.stageLoadFailed, `admin-stage-${projectId}`);
    }
  }, [project.isError, projectId]);

  if (project.isPending) return <PageSpinner label="Loading project…" />;
  if (project.isError) return <EmptyState title={ADMIN_TOASTS.projectLoadFailed} />;
  const data = project.data;
  const address = [data.address_1, data.address_2, data.city, [data.state, data.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <div className="space-y-6">
      <Breadcrumb items={[{ label: 'All Projects', to: '/admin/all-projects' }, { label: data.company_name }]} />
      <section className="space-y-5 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-6">
        <div>
          <p className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Project #{data.id}</p>
          <h1 className="text-2xl font-bold text-ink-900">{data.company_name}</h1>
          <SignedBadge signedAt={data.signed_at} className="mt-2" />
          <p className="mt-1 text-sm text-ink-600">{address || 'No address'}</p>
          <p className="mt-1 text-sm text-ink-600">
            Owner: <TextLink to={`/admin/all-users/${data.user_id}`}>{data.owner_name || 'N/A'}</TextLink>
          </p>
        </div>
        <StageProgress stage={data.project_stage} since={data.stage_entered_at} stalled={data.stalled} />
        <SiteDuplicatesNotice projectId={data.id} version={data.updated_at} />
      </section>
      <TabGroup key={requestedTab ?? 'first'} defaultIndex={requestedTab ? TABS.indexOf(requestedTab) : 0}>
        <UnsavedChangesGuard drafts={drafts} />
        <div className="relative overflow-x-auto border-b border-ink-200">
          <TabList aria-label="Project sections" className="flex gap-1">
            {TABS.map((tab) => (
              <Tab
                key={tab}
                className="shrink-0 border-b-2 border-transparent px-3 py-3 text-sm font-medium whitespace-nowrap text-ink-600 hover:border-ink-300 hover:text-ink-900 focus:outline-none data-focus-visible:outline-2 data-focus-visible:-outline-offset-2 data-focus-visible:outline-brand-600 data-selected:border-brand-700 data-selected:text-brand-800"
              >
                {tab}
                {hasDraft(tab) && (
                  <>
                    {' '}
                    <span aria-hidden="true" className="ml-1 inline-block size-2 rounded-full bg-sun-500 align-middle" />
                    <span className="sr-only">(unsaved changes)</span>
                  </>
                )}
              </Tab>
            ))}
          </TabList>
        </div>
        <TabPanels className="mt-6">
          {/* Keyed by the project's version: a refetch after saving re-seeds the forms. */}
          <TabPanel className="focus:outline-none">
            <sections.SiteInfo key={data.updated_at} project={data} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <sections.UtilityInfo key={data.updated_at} project={data} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <sections.Contacts projectId={data.id} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <sections.Links projectId={data.id} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <sections.Assets projectId={data.id} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <sections.Notes projectId={data.id} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <sections.Proposal project={data} ticketActions={(ticket) => <ManageTicketAction ticket={ticket} />} />
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <ProjectStagesPanel project={data} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
      <sections.Shares projectId={data.id} />
      <sections.Estimate projectId={data.id} />
      <DealPanel project={data} />
      <sections.Timeline projectId={data.id} />
    </div>
  );
}
