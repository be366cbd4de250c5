/** Texts of the notification screens (member-app.md 2). */
export const NOTIFICATION_TEXTS = {
  empty: 'No Notifications Yet',
  /** Not a spec text: /notifications says so when a delete fails (home ignores failures, member-app.md 8). */
  deleteFailed: 'Failed to delete notification.',
  loadFailed: 'Failed to fetch notifications.',
} as const;
