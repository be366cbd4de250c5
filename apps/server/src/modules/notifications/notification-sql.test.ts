import { DEFAULT_EMAIL_PREFERENCES, type EmailedNotificationKind } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statement } from '../../db/client.js';
import { mailOutbox, notificationPreferences, notifications, pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { notificationCtes } from './notification-sql.js';
import { createNotifications } from './notifications.service.js';

/**
 * The two writers of a notification (createNotifications, and notificationCtes inside a
 * single-statement write) follow one rule: who gets an email now, who gets the notification
 * held for their hourly digest (issue 37 item 3), and who gets neither. Same recipients, same kind,
 * one path per project: the rows they leave must be the same.
 */
let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
});
afterAll(async () => t?.close());

const verified = { email_verified_at: new Date() };
const adminOf = (extra: object = {}) => t.signIn({ account_type: 'admin', company_role: 'full_access_admin', ...extra });
const choose = (who: SignedIn, event_type: EmailedNotificationKind, email: boolean, frequency: 'instant' | 'hourly') =>
  t.db.insert(notificationPreferences).values({ user_id: who.user.id, event_type, email, frequency });

const VIA_SQL = statement(
  'notification_sql_test',
  `with ${notificationCtes({ recipients: 'select unnest($1::int[]) as user_id, $2::int as project_id', kind: '$3', title: '$4', message: '$5', emailDefault: '$6::boolean' })}
   select n.id from note n`,
);

async function project(name: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: owner.auth, payload: { project: { company_name: name } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

/** What a path left for the project: each recipient's notification flag and emails, without ids. */
async function leftFor(projectId: number, people: Record<string, SignedIn>) {
  const rows = await t.db.select().from(notifications).where(eq(notifications.project_id, projectId));
  const mail = (await t.db.select().from(mailOutbox)).filter((row) => (row.template_data as { project_id?: number }).project_id === projectId);
  const pushes = await t.db.select({ user_id: pushSubscriptions.user_id, notification_id: pushOutbox.notification_id, payload: pushOutbox.payload }).from(pushOutbox).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscription_id));
  return Object.fromEntries(
    Object.entries(people).map(([name, who]) => {
      const note = rows.find((row) => row.user_id === who.user.id);
      const emails = mail.filter((row) => row.to_address === who.user.email).map((row) => ({ template: row.template, subject: row.subject, data: { ...(row.template_data as object), project_id: 'p' } }));
      // Web push (issue 41 item 3): a row per device, by the same rule, tagged with its notification.
      const pushed = pushes.filter((row) => row.user_id === who.user.id && note !== undefined && row.notification_id === note.id).map((row) => ({ ...row.payload, tag: row.payload.tag === `notification-${note!.id}` ? 'own' : row.payload.tag }));
      return [name, { notified: note !== undefined, digest_pending: note?.digest_pending, emails, pushed }];
    }),
  );
}

describe('notificationCtes and createNotifications', () => {
  it.each(['stall_alerts', 'stage_changes'] as const)('leave the same rows for %s: an email, a held notification or neither, by the same rule', async (kind) => {
    const people: Record<string, SignedIn> = {
      hourlyAdmin: await adminOf(verified),
      instantAdmin: await adminOf(verified),
      defaultAdmin: await adminOf(verified),
      unverifiedHourlyAdmin: await adminOf(),
      hourlyButOff: await adminOf(verified),
      hourlyForAnotherKind: await adminOf(verified),
      // A member with an `hourly` row (an administrator no longer): instant, as for every member.
      demoted: await t.signIn({ account_type: 'sales_partner', ...verified }),
    };
    await choose(people.hourlyAdmin!, kind, true, 'hourly');
    await choose(people.instantAdmin!, kind, true, 'instant');
    await choose(people.unverifiedHourlyAdmin!, kind, true, 'hourly');
    await choose(people.hourlyButOff!, kind, false, 'hourly');
    await choose(people.hourlyForAnotherKind!, 'proposal_requests', true, 'hourly');
    await choose(people.demoted!, kind, true, 'hourly');
    // Every one has a device; one of them turned this kind off for push.
    for (const [name, who] of Object.entries(people)) await t.db.insert(pushSubscriptions).values({ user_id: who.user.id, session_id: who.sessionId, endpoint: `https://push.example/${kind}/${name}`, p256dh: 'B', auth: 'a' });
    await t.db.update(notificationPreferences).set({ push: false }).where(eq(notificationPreferences.user_id, people.instantAdmin!.user.id));
    const ids = Object.values(people).map((who) => who.user.id);
    const [viaSql, viaService] = [await project(`SQL ${kind}`), await project(`Service ${kind}`)];
    const title = 'Heads up';
    const message = 'Something happened.';

    await t.app.ctx.run(VIA_SQL, [ids, viaSql, kind, title, message, DEFAULT_EMAIL_PREFERENCES[kind]]);
    await createNotifications(t.db, ids, { kind, title, message, subject: { project_id: viaService } });

    const [one, other] = [await leftFor(viaSql, people), await leftFor(viaService, people)];
    expect(one).toEqual(other);
    const digest = kind === 'stall_alerts';
    const email = [{ template: 'notification', subject: title, data: expect.objectContaining({ kind, title, message, admin: expect.any(Boolean) }) }];
    const push = [{ title, body: message, url: null, tag: 'own' }];
    expect(one).toEqual({
      hourlyAdmin: { notified: true, digest_pending: digest, emails: digest ? [] : email, pushed: push },
      instantAdmin: { notified: true, digest_pending: false, emails: email, pushed: [] },
      defaultAdmin: { notified: true, digest_pending: false, emails: email, pushed: push },
      unverifiedHourlyAdmin: { notified: true, digest_pending: false, emails: [], pushed: push },
      hourlyButOff: { notified: true, digest_pending: false, emails: [], pushed: push },
      hourlyForAnotherKind: { notified: true, digest_pending: false, emails: email, pushed: push },
      demoted: { notified: true, digest_pending: false, emails: email, pushed: push },
    });
  });
});
