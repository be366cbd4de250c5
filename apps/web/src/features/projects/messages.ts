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

/** member-app.md 8: followed by the error message, in a browser alert. */
export const PROJECT_CREATION_FAILED = 'Project creation failed. Error: ';

export const NO_PROJECTS = 'No Projects Yet';
