/** The Proposal tab's texts (member-app.md 2, 5 and 8), word for word. */
export const PROPOSAL_TOASTS = {
  submitted: 'Proposal ticket submitted successfully!',
  submitFailed: 'Failed to submit proposal ticket.',
  revisionRequested: 'Revision requested successfully!',
  revisionFailed: 'Failed to request revision.',
  fetchFailed: 'Failed to fetch proposal tickets.',
  profileFailed: 'Failed to fetch user profile.',
} as const;

export const MISSING_FIELDS_TITLE = 'Missing Required Fields';
