import type { ProjectSections } from '../../features/admin/components/project-panels';
import { adminProjectApi } from '../../features/admin/api/admin-project-api';
import { AdminProjectPage } from '../../features/admin/routes/project-detail-page';
import { EstimateDraftProvider } from '../../features/projects/components/estimate/estimate-draft';
import { EstimatePanel } from '../../features/projects/components/estimate/estimate-panel';
import { EstimatePrintPage } from '../../features/projects/routes/estimate-print-page';
import { ProjectApiProvider } from '../../lib/project-api';
import { AssetsTab } from '../../features/projects/components/assets-tab';
import { ContactsTab } from '../../features/projects/components/contacts-tab';
import { LinksTab } from '../../features/projects/components/links-tab';
import { projectDraftKey } from '../../features/projects/components/project-drafts';
import { ProposalTab } from '../../features/projects/components/proposal/proposal-tab';
import { SharePanel } from '../../features/projects/components/share/share-panel';
import { SiteInfoForm } from '../../features/projects/components/site-info-form';
import { TimelinePanel } from '../../features/projects/components/timeline-panel';
import { UtilityInfoForm } from '../../features/projects/components/utility-info-form';
import { NotesTab } from '../../features/projects/site-visit/notes-tab';

/** The member's project tabs, edited in the admin project detail through the admin API (issue 15 item 5). */
const MEMBER_PROJECT_SECTIONS: ProjectSections = {
  SiteInfo: SiteInfoForm,
  UtilityInfo: UtilityInfoForm,
  Contacts: ContactsTab,
  Links: LinksTab,
  Assets: AssetsTab,
  Notes: NotesTab,
  Proposal: ProposalTab,
  Shares: SharePanel,
  Estimate: EstimatePanel,
  Timeline: TimelinePanel,
  draftKey: projectDraftKey,
};

/**
 * /admin/projects/:id. It lives in app/ because it joins two features: the admin page and the
 * member area's project tabs (STYLE.md 5), as /home joins several.
 */
export function AdminProjectRoute() {
  // Utility Info publishes its unsaved values to the estimate panel of the same page (issue 35 item 5).
  return (
    <EstimateDraftProvider>
      <AdminProjectPage sections={MEMBER_PROJECT_SECTIONS} />
    </EstimateDraftProvider>
  );
}

/** /admin/projects/:id/estimate: the member's print view of any project, through the admin API. */
export function AdminEstimatePrintRoute() {
  return (
    <ProjectApiProvider api={adminProjectApi}>
      <EstimatePrintPage />
    </ProjectApiProvider>
  );
}
