import { EMAIL_EVENT_LABELS, type NotificationKind } from '@sunin/contract';

/** Texts of the notification screens (member-app.md 2). */
export const NOTIFICATION_TEXTS = {
  empty: 'No Notifications Yet',
  /** Not a spec text: /notifications says so when a delete fails (home ignores failures, member-app.md 8). */
  deleteFailed: 'Failed to delete notification.',
  loadFailed: 'Failed to fetch notifications.',
  /** Issue 37 item 3: "Mark all as read" and the unread notifications grouped by type. */
  markAllRead: 'Mark all as read',
  markAllReadFailed: 'We could not mark your notifications as read. Please try again.',
  groupsHeading: 'Unread by type',
  groupsLoading: 'Loading your unread notifications…',
  groupsFailed: 'We could not load your unread notifications by type.',
  unreadCount: (n: number) => `${n} unread`,
  olderInList: (n: number) => `${n} older ${n === 1 ? 'one is' : 'ones are'} in the list below.`,
  allNotifications: 'All notifications',
} as const;

/** The name of each kind of notification, as the profile's email preferences call it. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  welcome: 'Welcome',
  proposal_updates: EMAIL_EVENT_LABELS.proposal_updates.label,
  stage_changes: EMAIL_EVENT_LABELS.stage_changes.label,
  stall_alerts: EMAIL_EVENT_LABELS.stall_alerts.label,
  earnings: EMAIL_EVENT_LABELS.earnings.label,
  proposal_requests: EMAIL_EVENT_LABELS.proposal_requests.label,
  proposal_reminders: EMAIL_EVENT_LABELS.proposal_reminders.label,
  customer_views: EMAIL_EVENT_LABELS.customer_views.label,
  customer_responses: EMAIL_EVENT_LABELS.customer_responses.label,
  integrations: 'Integrations',
};
