import { readLocal, writeLocal } from '../../../lib/local-storage';

/**
 * The project page's tabs, in order (member-app.md 2). The choice is remembered per project in localStorage by key, so adding a
 * tab never shifts what a member had chosen.
 */
export const PROJECT_TABS = [
  { key: 'site-info', label: 'Site Info' },
  { key: 'utility-info', label: 'Utility Info' },
  { key: 'contacts', label: 'Project Contacts' },
  { key: 'links', label: 'Project Links' },
  { key: 'assets', label: 'Assets' },
  { key: 'notes', label: 'Notes' },
  { key: 'proposal', label: 'Proposal' },
] as const;

export type ProjectTabKey = (typeof PROJECT_TABS)[number]['key'];

export const projectTabStorageKey = (projectId: number) => `sunin.project-tab.${projectId}`;

/** The remembered tab of a project; the first tab when none (or an unknown one) is stored. */
export function readProjectTab(projectId: number): ProjectTabKey {
  const stored = readLocal(projectTabStorageKey(projectId));
  return PROJECT_TABS.find((tab) => tab.key === stored)?.key ?? PROJECT_TABS[0].key;
}

export function rememberProjectTab(projectId: number, key: ProjectTabKey): void {
  writeLocal(projectTabStorageKey(projectId), key);
}
