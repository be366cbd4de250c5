import { useEffect } from 'react';
import { ADMIN_PROJECTS_PAGE_SIZE, ALL_PROJECT_STAGES, type ADMIN_PROJECT_SORTS, type Project, type ProjectStage } from '@sunin/contract';
import { SignedBadge } from '../../../components/ui/signed-badge';
import { DaysInStage } from '../../../components/ui/days-in-stage';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { ADMIN_LOAD_ERRORS } from '../admin-messages';
import { useAdminProjects } from '../api/list-projects';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { AdminPageHeader, cardClasses } from '../components/admin-page-header';
import { chosenValues, filterKeys, ListToolbar, NoMatches, sortingOf, type ListFilter } from '../components/list-toolbar';
import { idColumn, RecordRowsTable, StageBadge, type Column } from '../components/record-tables';
import { BulkStageBar } from '../components/bulk-stage-bar';
import { RowCheckbox, SelectAllCheckbox, SelectAllOnPage } from '../components/selection-checkbox';
import { useRowSelection, type RowSelection } from '../hooks/use-row-selection';

const STAGE: ListFilter = { key: 'stage', label: 'Stage', kind: 'multi', options: ALL_PROJECT_STAGES.map((value) => ({ value, label: value })) };
const WORKING: ListFilter = {
  key: 'stage_filter',
  label: 'Working/Archived',
  kind: 'select',
  options: [
    { value: 'working', label: 'Working' },
    { value: 'archived', label: 'Archived' },
  ],
};
const SIGNED: ListFilter = {
  key: 'signed',
  label: 'Signed',
  kind: 'select',
  options: [
    { value: 'true', label: 'Signed' },
    { value: 'false', label: 'Not signed' },
  ],
};
const FILTERS: ListFilter[] = [
  STAGE,
  WORKING,
  SIGNED,
  { key: 'state', label: 'State', kind: 'text' },
  { key: 'updated_from', label: 'Updated from', kind: 'date' },
  { key: 'updated_to', label: 'Updated to', kind: 'date' },
];
const FILTER_KEYS = filterKeys(FILTERS);

/** What All Projects sorts by (ADMIN_PROJECT_SORTS). */
const SORT_FIELDS = [
  { field: 'updated_at', label: 'Last updated' },
  { field: 'created_at', label: 'Created' },
  { field: 'id', label: 'ID' },
  { field: 'company_name', label: 'Company' },
  { field: 'project_stage', label: 'Stage' },
  { field: 'owner_name', label: 'Owner' },
  { field: 'days_in_stage', label: 'Days in stage' },
] as const satisfies ReadonlyArray<{ field: (typeof ADMIN_PROJECT_SORTS)[number]; label: string }>;

const COLUMNS: Array<Column<Project>> = [
  idColumn('id'),
  { header: 'Company', cell: (project) => project.company_name, sort: 'company_name', className: 'font-medium text-ink-900' },
  { header: 'Owner Name', cell: (project) => project.owner_name || 'N/A', sort: 'owner_name', className: 'whitespace-nowrap' },
  { header: 'Stage', cell: (project) => <StageBadge stage={project.project_stage} />, sort: 'project_stage' },
  { header: 'Signed', cell: (project) => (project.signed_at ? <SignedBadge signedAt={project.signed_at} /> : <span className="text-ink-500">Not signed</span>) },
  { header: 'Days in Stage', cell: (project) => <DaysInStage since={project.stage_entered_at} stalled={project.stalled} />, sort: 'days_in_stage', className: 'text-ink-700' },
];

/**
 * All Projects (/admin/all-projects): newest updated first unless a header sorts it, 25 a page;
 * searched by id, company, owner or city and filtered by stage, Working/Archived, signed, state and
 * last update, the whole list state in the URL (issue 15 item 2), with an Export of it all.
 * A failure is logged and shown with Retry.
 */
export function AllProjectsPage() {
  const list = useListSearchParams(FILTER_KEYS);
  const sorting = sortingOf(list, SORT_FIELDS, '-updated_at');
  const projects = useAdminProjects(list.page, ADMIN_PROJECTS_PAGE_SIZE, {
    q: list.q,
    stage: chosenValues(list, STAGE) as ProjectStage[],
    stageFilter: chosenValues(list, WORKING)[0] as 'working' | 'archived' | undefined,
    state: list.value('state'),
    updatedFrom: list.value('updated_from'),
    updatedTo: list.value('updated_to'),
    signed: chosenValues(list, SIGNED)[0] as 'true' | 'false' | undefined,
    sort: list.sort && sorting.sort,
  });
  const wide = useMediaQuery(MD_UP);
  const selection = useRowSelection(projects.data?.rows.map((project) => project.id) ?? []);
  useEffect(() => {
    if (projects.isError) console.error('Failed to load projects.', projects.error);
  }, [projects.isError, projects.error]);

  return (
    <div className="space-y-4">
      <AdminPageHeader
        title="All Projects"
        description="Every member's projects, most recently updated first."
        actions={
          <TextLink to="/admin/stall-settings" className="text-sm">
            Stall settings
          </TextLink>
        }
      />
      <ListToolbar
        list={list}
        search={{ id: 'project-search', label: 'Search projects', placeholder: 'ID, company, owner or city' }}
        filters={FILTERS}
        sortFields={SORT_FIELDS}
        sorting={sorting}
        wide={wide}
        exportPath="/api/admin/projects.csv"
      />
      {projects.isPending ? (
        <PageSpinner label="Loading projects…" />
      ) : projects.isError ? (
        <LoadError message={ADMIN_LOAD_ERRORS.projects} onRetry={() => projects.refetch()} retrying={projects.isFetching} />
      ) : !projects.data || projects.data.total === 0 ? (
        list.narrowed ? <NoMatches what="projects" list={list} /> : <EmptyState title="No Projects Yet" />
      ) : (
        <>
          <BulkStageBar selection={selection} />
          {!wide && <SelectAllOnPage selection={selection} />}
          {wide ? (
            <RecordRowsTable
              caption="All projects"
              rows={projects.data.rows}
              columns={COLUMNS}
              linkTo={(project) => `/admin/projects/${project.id}`}
              linkLabel={(project) => `View project ${project.id}`}
              sorting={sorting}
              lead={{ header: <SelectAllCheckbox selection={selection} />, cell: (project) => <RowCheckbox selection={selection} id={project.id} label={`Select project ${project.id}, ${project.company_name}`} /> }}
            />
          ) : (
            <ProjectCards projects={projects.data.rows} selection={selection} />
          )}
          <Pagination page={list.page} pageSize={ADMIN_PROJECTS_PAGE_SIZE} total={projects.data.total} onPageChange={list.setPage} label="Project pages" />
        </>
      )}
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
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <StageBadge stage={project.project_stage} />
            <SignedBadge signedAt={project.signed_at} />
            <span className="text-xs text-ink-600">
              <DaysInStage since={project.stage_entered_at} stalled={project.stalled} long />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
