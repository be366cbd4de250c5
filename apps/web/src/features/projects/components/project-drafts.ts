import type { GuardedDraft } from '../../../components/ui/unsaved-changes-guard';

/** The project page's forms that keep drafts (issue 14 item 2), with their titles. */
const PROJECT_DRAFT_FORMS = [
  { form: 'site-info', label: 'Site Information' },
  { form: 'utility-info', label: 'Utility Information' },
] as const;

export type ProjectDraftForm = (typeof PROJECT_DRAFT_FORMS)[number]['form'];

/**
 * The draft key of one project form: drafts are kept per area (the member's `project`, the
 * admin's own prefix, lib/project-api.tsx), per project and per form.
 */
export const projectDraftKey = (projectId: number, form: ProjectDraftForm, prefix = 'project') => `${prefix}.${projectId}.${form}`;

export const projectDrafts = (projectId: number, prefix?: string): GuardedDraft[] =>
  PROJECT_DRAFT_FORMS.map(({ form, label }) => ({ key: projectDraftKey(projectId, form, prefix), label }));
