import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationPreferences } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/** Issue 41 item 3: `push` beside `email` in the notification preferences, every push type on by default. */
let t: TestApp;
let partner: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  partner = await t.signIn({ account_type: 'sales_partner' });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
});
afterAll(async () => t?.close());

const get = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/notification-preferences', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notification_preferences as { email: Record<string, boolean>; push: Record<string, boolean> };
};
const put = (who: SignedIn, body: object) => t.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: who.auth, payload: { notification_preferences: body } });

describe('push preferences', () => {
  it('offer every emailed notification type, integrations (always emailed) included, on by default: a partner the partner ones, a full access administrator all', async () => {
    expect((await get(partner)).push).toEqual({ proposal_updates: true, stage_changes: true, stall_alerts: true, earnings: true, customer_views: true, customer_responses: true, integrations: true });
    expect(Object.keys((await get(admin)).push).sort()).toEqual(['customer_responses', 'customer_views', 'earnings', 'integrations', 'proposal_reminders', 'proposal_requests', 'proposal_updates', 'stage_changes', 'stall_alerts']);
    // Integrations has no email choice: it is always emailed.
    expect((await get(partner)).email).not.toHaveProperty('integrations');
  });

  it('turn integrations pushes off and on (a row of its own that holds only the push choice)', async () => {
    const res = await put(partner, { push: { integrations: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification_preferences.push).toMatchObject({ integrations: false });
    expect((await put(partner, { email: { integrations: false } })).statusCode).toBe(422);
    expect((await put(partner, { push: { integrations: true } })).statusCode).toBe(200);
    expect((await get(partner)).push.integrations).toBe(true);
  });

  it('change only the types named, apart from the email choice of the same type', async () => {
    const res = await put(partner, { push: { stage_changes: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification_preferences.push).toMatchObject({ stage_changes: false, earnings: true });
    expect(res.json().notification_preferences.email).toMatchObject({ stage_changes: true });
    expect((await put(partner, { email: { stage_changes: false } })).statusCode).toBe(200);
    expect((await put(partner, { push: { stage_changes: true, earnings: false } })).statusCode).toBe(200);
    const now = await get(partner);
    expect(now.push).toMatchObject({ stage_changes: true, earnings: false });
    expect(now.email).toMatchObject({ stage_changes: false, earnings: true });
    const [row] = await t.db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, partner.user.id)).then((rows) => rows.filter((r) => r.event_type === 'earnings'));
    expect(row).toMatchObject({ email: true, push: false });
  });

  it('refuse a type not offered (422, nothing changed), one that is not pushed, and a value that is not a boolean', async () => {
    const refused = await put(partner, { push: { proposal_requests: false, earnings: true } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toHaveProperty(['notification_preferences.push.proposal_requests']);
    expect((await get(partner)).push.earnings).toBe(false);
    expect((await put(partner, { push: { weekly_digest: false } })).statusCode).toBe(422);
    const notBoolean = await put(partner, { push: { earnings: 'no' } });
    expect(notBoolean.statusCode).toBe(422);
    expect(JSON.stringify(notBoolean.json().error.fields)).toContain('earnings must be true or false.');
    expect((await put(partner, { push: {} })).statusCode).toBe(422);
  });
});
