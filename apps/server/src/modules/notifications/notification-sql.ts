import { ADMIN_ROLE, DEFAULT_PUSH_PREFERENCES, EMAIL_DIGEST_EVENT_TYPES } from '@sunin/contract';

/**
 * `createNotifications` as two CTEs of a single-statement write (issue 19 item 3): `note`
 * inserts one notification per row of `recipients` (columns `user_id` and `project_id`) and
 * returns them; `mail` queues the email of each for a recipient with a verified address who
 * has the kind on, by choice or by `emailDefault` (DEFAULT_EMAIL_PREFERENCES[kind]), with the
 * template data `createNotifications` writes. A full access administrator who takes the kind
 * as an hourly digest (issue 37 item 3) gets `digest_pending` on the notification instead of
 * the email. `push` queues a web push (pushOutboxInsert) for each device of a recipient who has
 * the kind on for push. The arguments are SQL expressions (parameters such as `$8`).
 * notification-sql.test.ts holds the two to the same rows.
 */
export function notificationCtes(parts: { recipients: string; kind: string; title: string; message: string; emailDefault: string }): string {
  const digestKinds = EMAIL_DIGEST_EVENT_TYPES.map((kind) => `'${kind}'`).join(', ');
  return `note as (
    insert into notifications (user_id, kind, title, message, project_id, digest_pending)
    select r.user_id, ${parts.kind}, ${parts.title}, ${parts.message}, r.project_id,
      coalesce((${parts.kind})::text in (${digestKinds}) and ru.company_role = '${ADMIN_ROLE}' and ru.email_verified_at is not null
        and coalesce(rp.email, ${parts.emailDefault}) and rp.frequency = 'hourly', false)
    from (${parts.recipients}) r
    left join users ru on ru.id = r.user_id
    left join notification_preferences rp on rp.user_id = r.user_id and rp.event_type = (${parts.kind})::text
    returning *
  ),
  mail as (
    insert into mail_outbox (to_address, subject, text_body, template, template_data)
    select us.email, n.title, '', 'notification',
      jsonb_build_object('user_id', us.id, 'first_name', us.first_name, 'admin', us.company_role is not distinct from '${ADMIN_ROLE}', 'kind', n.kind,
        'title', n.title, 'message', n.message, 'project_id', n.project_id, 'proposal_ticket_id', n.proposal_ticket_id)
    from note n join users us on us.id = n.user_id
    left join notification_preferences np on np.user_id = us.id and np.event_type = n.kind
    where not n.digest_pending and us.email_verified_at is not null and coalesce(np.email, ${parts.emailDefault})
  ),
  push as (${pushOutboxInsert('note')})`;
}

/** Each push type's default (DEFAULT_PUSH_PREFERENCES) as SQL on `kind`; any other kind is never pushed. */
function pushDefaultSql(kind: string): string {
  const cases = Object.entries(DEFAULT_PUSH_PREFERENCES).map(([type, on]) => `when '${type}' then ${on ? 'true' : 'false'}`);
  return `case ${kind} ${cases.join(' ')} else false end`;
}

/**
 * The web push rows of some notifications (issue 41 item 3), the one rule both writers use: a
 * row per device (push subscription) of each recipient who has the kind on for push, by choice
 * (`notification_preferences.push`) or by default. `notes` is a relation of notification rows
 * (the `note` CTE, or the notifications just inserted). The payload keeps the title and body; the
 * address it opens is worked out from the notification when it is sent (lib/push-worker.ts), and
 * the tag makes a device replace an older copy of the same notification.
 */
export function pushOutboxInsert(notes: string): string {
  return `insert into push_outbox (subscription_id, notification_id, payload)
    select s.id, n.id, jsonb_build_object('title', n.title, 'body', n.message, 'url', null, 'tag', 'notification-' || n.id)
    from ${notes} n join push_subscriptions s on s.user_id = n.user_id
    left join notification_preferences pp on pp.user_id = n.user_id and pp.event_type = n.kind
    where coalesce(pp.push, ${pushDefaultSql('n.kind')})
    returning id`;
}
