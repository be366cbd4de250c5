import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { Project } from '@sunin/contract';
import { HorizontalScroller } from '../../../components/ui/horizontal-scroller';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useDraftKeys } from '../../../lib/form-drafts';
import { AssetsTab } from './assets-tab';
import { ContactsTab } from './contacts-tab';
import { LinksTab } from './links-tab';
import { NotesTab } from '../site-visit/notes-tab';
import { ProposalTab } from './proposal/proposal-tab';
import { projectDraftKey, projectDrafts } from './project-drafts';
import { projectFormKey } from './project-form-values';
import { PROJECT_TABS, readProjectTab, rememberProjectTab, type ProjectTabKey } from './project-tab-memory';
import { SiteInfoForm } from './site-info-form';
import { UtilityInfoForm } from './utility-info-form';

/** Pixels the tab strip's arrow buttons scroll. */
const TAB_SCROLL_PX = 160;

/**
 * The project page's tabs (member-app.md 2). The selected tab is remembered per project in
 * localStorage and restored on return (default: the first); the strip scrolls sideways with
 * arrow buttons when it does not fit. Only the selected panel is mounted, so each tab loads its
 * data when opened. The Site Info and Utility Info forms keep their drafts when their panel
 * closes; a tab holding one is marked, and leaving the page asks first (issue 14 item 2).
 */
export function ProjectTabs({ project }: { project: Project }) {
  // `?tab=proposal` (a notification's link, issue 14 item 8) opens that tab once and is remembered;
  // the parameter is then dropped so that a later choice is not overridden on reload.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = PROJECT_TABS.find((tab) => tab.key === searchParams.get('tab'))?.key;
  const [selected, setSelected] = useState<ProjectTabKey>(() => requested ?? readProjectTab(project.id));
  // A new request while the page is open (a second notification link) switches tabs too.
  const [lastRequested, setLastRequested] = useState(requested);
  if (requested !== lastRequested) {
    setLastRequested(requested);
    if (requested) setSelected(requested);
  }
  useEffect(() => {
    if (!requested) return;
    rememberProjectTab(project.id, requested);
    setSearchParams(
      (current) => {
        current.delete('tab');
        return current;
      },
      { replace: true },
    );
  }, [requested, project.id, setSearchParams]);
  const drafts = projectDrafts(project.id);
  const unsavedKeys = useDraftKeys(drafts.map((draft) => draft.key));
  const hasDraft = (tab: ProjectTabKey) => (tab === 'site-info' || tab === 'utility-info') && unsavedKeys.includes(projectDraftKey(project.id, tab));
  const formKey = projectFormKey(project);
  const selectedIndex = Math.max(0, PROJECT_TABS.findIndex((tab) => tab.key === selected));

  const select = (index: number) => {
    const key = PROJECT_TABS[index]?.key ?? PROJECT_TABS[0].key;
    setSelected(key);
    rememberProjectTab(project.id, key);
  };

  return (
    <TabGroup selectedIndex={selectedIndex} onChange={select}>
      <UnsavedChangesGuard drafts={drafts} />
      <HorizontalScroller step={TAB_SCROLL_PX} previousLabel="Scroll tabs left" nextLabel="Scroll tabs right" className="border-b border-ink-200">
        <TabList aria-label="Project sections" className="flex gap-1">
          {PROJECT_TABS.map((tab) => (
            <Tab
              key={tab.key}
              className="shrink-0 border-b-2 border-transparent px-3 py-3 text-sm font-medium whitespace-nowrap text-ink-600 hover:border-ink-300 hover:text-ink-900 focus:outline-none data-focus-visible:rounded-t-md data-focus-visible:outline-2 data-focus-visible:-outline-offset-2 data-focus-visible:outline-brand-600 data-selected:border-brand-700 data-selected:text-brand-800"
            >
              {tab.label}
              {hasDraft(tab.key) && (
                <>
                  {' '}
                  <span aria-hidden="true" className="ml-1 inline-block size-2 rounded-full bg-sun-500 align-middle" />
                  <span className="sr-only">(unsaved changes)</span>
                </>
              )}
            </Tab>
          ))}
        </TabList>
      </HorizontalScroller>
      <TabPanels className="mt-6">
        {/* Keyed by the saved values they show: a refetch after saving re-seeds the forms. */}
        <TabPanel className="focus:outline-none">
          <SiteInfoForm key={formKey} project={project} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <UtilityInfoForm key={formKey} project={project} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <ContactsTab projectId={project.id} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <LinksTab projectId={project.id} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <AssetsTab projectId={project.id} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <NotesTab projectId={project.id} />
        </TabPanel>
        <TabPanel className="focus:outline-none">
          <ProposalTab project={project} />
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
