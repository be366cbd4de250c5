/**
 * The project screens' texts of member-app.md 4 and 8, word for word ('Tool deleted
 * successfully!' included: that is what the spec's link screens say). The contract's
 * PROJECT_MESSAGES holds the ones the server shares (e.g. 'No ID found in the URL').
 */
export const PROJECT_TOASTS = {
  fetchProjectFailed: 'Failed to fetch project data.',
  siteSaved: 'Updated site information successfully!',
  siteSaveFailed: 'Error updating information!',
  utilitySaved: 'Updated utility information successfully!',
  utilitySaveFailed: 'Error updating utility information!',
  /** Beyond the spec (issue 16): the Green Button import fills the form for review. */
  usageImported: 'Usage imported: review the months, then save Utility Information.',
  contactAdded: 'Contact added successfully!',
  contactAddFailed: 'Failed to add new contact.',
  contactUpdated: 'Contact updated successfully!',
  contactUpdateFailed: 'Failed to update contact.',
  contactDeleted: 'Contact deleted successfully!',
  contactDeleteFailed: 'Failed to delete contact.',
  contactLoadFailed: 'Failed to load contact details.',
  linkAdded: 'Link added successfully!',
  linkAddFailed: 'Failed to add new link.',
  linkDeleted: 'Tool deleted successfully!',
  linkDeleteFailed: 'Failed to delete tool.',
  linksLoadFailed: 'Failed to fetch tools.',
  photosUploaded: 'Photos uploaded!',
  filesUploaded: 'Files uploaded!',
  assetFailed: 'Something went wrong',
} as const;

/** member-app.md 4 "New-project submit progress". */
export const SUBMIT_STEPS = {
  project: 'Uploading project info...',
  utility: 'Uploading utility info...',
  contacts: 'Uploading contacts...',
  contact: (index: number, count: number) => `Uploading contacts ${index}/${count}...`,
  finalizing: 'Finalizing project...',
  done: 'Project created successfully! Redirecting...',
} as const;

/** Not spec texts: the short names of the submit steps in the wizard's progress checklist. */
export const SUBMIT_STEP_NAMES = {
  project: 'Project info',
  utility: 'Utility info',
  contacts: 'Contacts',
  finalizing: 'Finalizing',
} as const;

/**
 * Not spec texts: Cancel during the submit (issue 14 item 4, issue 34 item 7). A project that
 * already exists is named, with a link to it and a button that deletes it (DELETE
 * /api/projects/{id}, allowed for a project this new).
 */
export const SUBMIT_CANCEL = {
  stopping: 'Stopping… The project was already sent; waiting for the server to answer.',
  title: 'Submission cancelled',
  summary: (company: string, sent: number, total: number): string => {
    const created = `The project “${company}” had already been created when you cancelled`;
    if (total === 0) return `${created}.`;
    if (sent === total) return `${created}, with all its contacts.`;
    return `${created}, with ${sent} of ${total} contacts. Open it to add the missing ones.`;
  },
  openProject: 'Open the project',
  close: 'Close',
  deleteProject: 'Delete the project',
  deleted: (company: string) => `The project “${company}” and its contacts were deleted. Nothing of this submission remains.`,
  deleteFailed: 'The project could not be deleted. Please try again, or open it and ask our team to archive it.',
} as const;

/** member-app.md 8: followed by the error message, in a browser alert. */
export const PROJECT_CREATION_FAILED = 'Project creation failed. Error: ';

export const NO_PROJECTS = 'No Projects Yet';
/** A search or filter of /projects that matches none of the partner's projects (issue 37 item 6). */
export const NO_MATCHING_PROJECTS = 'No projects match';

/**
 * Not a spec text: a project list that failed to load says so, with Retry (issue 34 item 7),
 * never 'No Projects Yet', which would tell a partner their projects are gone.
 */
export const PROJECTS_LOAD_FAILED = 'Your projects could not be loaded. Check your connection and try again.';
