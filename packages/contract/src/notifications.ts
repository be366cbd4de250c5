import { ADMIN_ROLE } from './enums.js';

// Plain values and rules of the notifications; their zod schemas are in notification-schemas.ts,
// so that code which needs only these (the web app's live connection) does not load zod.

/**
 * The kinds of notification that may also be emailed (issue 18 item 4): each is an email event
 * type a member can turn on or off.
 */
export const EMAILED_NOTIFICATION_KINDS = ['proposal_updates', 'stage_changes', 'stall_alerts', 'earnings', 'proposal_requests', 'proposal_reminders', 'customer_views', 'customer_responses'] as const;
export type EmailedNotificationKind = (typeof EMAILED_NOTIFICATION_KINDS)[number];

/**
 * What a notification is about (DESIGN.md "Notifications know their subject"): the emailed
 * kinds and the welcome note, which is not emailed: the signup's own email (the verification
 * link) is its email (docs/decisions/023).
 */
export const NOTIFICATION_KINDS = ['welcome', ...EMAILED_NOTIFICATION_KINDS, 'integrations'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * Whether a kind is emailed by the recipient's preferences. `integrations` (a webhook endpoint
 * turned off after five days of failures, issue 40) is emailed by its own service, always.
 */
export const isEmailedNotificationKind = (kind: NotificationKind): kind is EmailedNotificationKind => (EMAILED_NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** The email event types of `/api/user/notification-preferences`: the emailed kinds and the weekly digest. */
export const EMAIL_EVENT_TYPES = [...EMAILED_NOTIFICATION_KINDS, 'weekly_digest'] as const;
export type EmailEventType = (typeof EMAIL_EVENT_TYPES)[number];

/**
 * How an administrator takes an event type's email (issue 37 item 3): one email per
 * notification, or one digest an hour of every notification of the kinds chosen so.
 */
export const EMAIL_FREQUENCIES = ['instant', 'hourly'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
/** The kinds an administrator may take as an hourly digest: new requests, reminders, stalls, signatures. */
export const EMAIL_DIGEST_EVENT_TYPES = ['proposal_requests', 'proposal_reminders', 'stall_alerts', 'customer_responses'] as const satisfies readonly EmailedNotificationKind[];
export type EmailDigestEventType = (typeof EMAIL_DIGEST_EVENT_TYPES)[number];
/** Until an administrator chooses, every kind is emailed as it happens. */
export const DEFAULT_EMAIL_FREQUENCY: EmailFrequency = 'instant';
export const isDigestEventType = (type: string): type is EmailDigestEventType => (EMAIL_DIGEST_EVENT_TYPES as readonly string[]).includes(type);

/** The profile's Notifications section, where every email's preferences link and the /unsubscribe page lead. */
export const EMAIL_PREFERENCES_PATH = '/profile#notifications';

/** Sent only to full access administrators, so offered only to them. */
export const ADMIN_EMAIL_EVENT_TYPES: readonly EmailEventType[] = ['proposal_requests', 'proposal_reminders'];

/** Whether each event type is emailed until the member says otherwise: each is rare and asks for action. */
export const DEFAULT_EMAIL_PREFERENCES: Readonly<Record<EmailEventType, boolean>> = {
  proposal_updates: true,
  stage_changes: true,
  stall_alerts: true,
  earnings: true,
  proposal_requests: true,
  proposal_reminders: true,
  customer_views: true,
  customer_responses: true,
  weekly_digest: true,
};

/** The names and explanations of the event types, on /profile, in each email's footer and on /unsubscribe. */
export const EMAIL_EVENT_LABELS: Readonly<Record<EmailEventType, { label: string; description: string }>> = {
  proposal_updates: { label: 'Proposal updates', description: 'When a design proposal you requested changes status or is delivered.' },
  stage_changes: { label: 'Stage changes', description: 'When one of your projects moves to another stage.' },
  stall_alerts: { label: 'Stall alerts', description: 'When a project stays in one stage longer than its threshold.' },
  earnings: { label: 'Earnings', description: 'When earnings are recorded, approved, adjusted, voided or paid.' },
  proposal_requests: { label: 'New proposal requests', description: 'When a partner requests a proposal or a revision.' },
  proposal_reminders: { label: '48-hour promise reminders', description: 'When a proposal has 12 hours left, and when it is overdue.' },
  customer_views: { label: 'Customer opens', description: 'When a customer opens a proposal link you sent: the first time, then at most once a day.' },
  customer_responses: { label: 'Customer signatures and change requests', description: 'When a customer signs a proposal or asks for changes through a link.' },
  weekly_digest: { label: 'Weekly digest', description: 'A Monday summary: project changes, pending actions and proposal clocks.' },
};

/** The event types a user is offered: the administrators' two only to full access administrators (who alone choose a frequency). */
export function emailEventTypesFor(user: { company_role: string | null }): EmailEventType[] {
  const admin = user.company_role === ADMIN_ROLE;
  return EMAIL_EVENT_TYPES.filter((type) => admin || !ADMIN_EMAIL_EVENT_TYPES.includes(type));
}

/** Labels of the links to a notification's subject (web app and emails). */
export const NOTIFICATION_SUBJECT_LABELS = { project: 'View project', proposal: 'View proposal', earnings: 'View earnings' } as const;

/**
 * Where a notification leads (issue 14 item 8, issue 18 item 4): its proposal (the project's
 * Proposal tab) or its project, a member to /projects/:id and an administrator to the admin
 * project page; earnings without a project to /earnings. null when there is nothing to open
 * (the welcome note, a deleted subject).
 */
export function notificationSubjectPath(
  notification: { kind: NotificationKind; project_id: number | null; proposal_ticket_id: number | null },
  admin: boolean,
): { path: string; label: string } | null {
  if (notification.project_id === null) {
    return notification.kind === 'earnings' ? { path: '/earnings', label: NOTIFICATION_SUBJECT_LABELS.earnings } : null;
  }
  const project = admin ? `/admin/projects/${notification.project_id}` : `/projects/${notification.project_id}`;
  return notification.proposal_ticket_id === null ? { path: project, label: NOTIFICATION_SUBJECT_LABELS.project } : { path: `${project}?tab=proposal`, label: NOTIFICATION_SUBJECT_LABELS.proposal };
}
