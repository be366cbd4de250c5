import { ADMIN_ROLE, EMAIL_DIGEST_EVENT_TYPES } from '@sunin/contract';

/**
 * `createNotifications` as two CTEs of a single-statement write (issue 19 item 3): `note`
 * inserts one notification per row of `recipients` (columns `user_id` and `project_id`) and
 * returns them; `mail` queues the email of each for a recipient with a verified address who
 * has the kind on, by choice or by `emailDefault` (DEFAULT_EMAIL_PREFERENCES[kind]), with the
 * template data `createNotifications` writes. A full access administrator who takes the kind
 * as an hourly digest (issue 37 item 3) gets `digest_pending` on the notification instead of
 * the email. The arguments are SQL expressions (parameters such as `$8`).
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
  )`;
}
