import { DEFAULT_REFERRAL_SETTINGS, settingAuditId } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

/** GET/PUT /api/admin/referral-settings (issue 39): validated, audited field by field, admins only. */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT', who: SignedIn | null, payload?: unknown) =>
  t.app.inject({ method, url: '/api/admin/referral-settings', headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

describe('referral settings', () => {
  it('reads the defaults until saved, then the saved values with who saved them; each changed field is audited', async () => {
    const first = await call('GET', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ settings: DEFAULT_REFERRAL_SETTINGS, defaults: DEFAULT_REFERRAL_SETTINGS, updated_at: null, updated_by_name: null });

    const next = { attribution_window_days: 30, registration_days: 60, max_open_registrations: 10 };
    const saved = await call('PUT', admin, { settings: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ settings: next, defaults: DEFAULT_REFERRAL_SETTINGS, updated_by_name: 'Avery Admin' });
    expect(saved.json().updated_at).toEqual(expect.any(String));
    expect((await call('GET', admin)).json().settings).toEqual(next);

    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'referrals_updated'), eq(auditEntries.entity_type, 'setting'), eq(auditEntries.entity_id, settingAuditId('referrals'))));
    expect(entry).toMatchObject({ actor_id: admin.user.id });
    expect(entry!.changes).toEqual({
      attribution_window_days: { before: 90, after: 30 },
      registration_days: { before: 90, after: 60 },
      max_open_registrations: { before: 25, after: 10 },
    });
    await call('PUT', admin, { settings: DEFAULT_REFERRAL_SETTINGS });
  });

  it('refuses values out of range, fractions, missing and unknown fields with 422, changing nothing', async () => {
    const before = (await call('GET', admin)).json().settings;
    for (const settings of [
      { ...DEFAULT_REFERRAL_SETTINGS, attribution_window_days: 0 },
      { ...DEFAULT_REFERRAL_SETTINGS, attribution_window_days: 366 },
      { ...DEFAULT_REFERRAL_SETTINGS, registration_days: 1.5 },
      { ...DEFAULT_REFERRAL_SETTINGS, max_open_registrations: 1001 },
      { ...DEFAULT_REFERRAL_SETTINGS, max_open_registrations: '25' },
      { attribution_window_days: 90, registration_days: 90 },
      { ...DEFAULT_REFERRAL_SETTINGS, extra: 1 },
    ]) {
      const res = await call('PUT', admin, { settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
    }
    const tooShort = await call('PUT', admin, { settings: { ...DEFAULT_REFERRAL_SETTINGS, attribution_window_days: 0 } });
    expect(tooShort.json().error.message).toContain('The attribution window must be at least 1 days.');
    expect((await call('PUT', admin, {})).statusCode).toBe(422);
    expect((await call('GET', admin)).json().settings).toEqual(before);
  });

  it('is for administrators only', async () => {
    const member = await t.signIn();
    expect((await call('GET', member)).statusCode).toBe(403);
    expect((await call('PUT', member, { settings: DEFAULT_REFERRAL_SETTINGS })).statusCode).toBe(403);
    expect((await call('GET', null)).statusCode).toBe(401);
    expect((await call('PUT', null, { settings: DEFAULT_REFERRAL_SETTINGS })).statusCode).toBe(401);
  });
});
