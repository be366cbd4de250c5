/**
 * What a project screen says offline about data that was never loaded on this device (issue 41:
 * the last-seen projects open offline, lib/query-persistence.ts; the rest cannot).
 */
const notOpened = (what: string, verb: 'has' | 'have', pronoun: 'it is' | 'they are') => `${what} ${verb} not been opened on this device yet, so ${pronoun} not available offline.`;

export const OFFLINE_UNAVAILABLE = {
  project: notOpened('This project', 'has', 'it is'),
  projectList: notOpened('This list of projects', 'has', 'it is'),
  contacts: notOpened("This project's contacts", 'have', 'they are'),
  contact: notOpened('This contact', 'has', 'it is'),
  links: notOpened("This project's links", 'have', 'they are'),
  assets: (title: string) => notOpened(`This project's ${title.toLowerCase()}`, 'have', 'they are'),
} as const;
