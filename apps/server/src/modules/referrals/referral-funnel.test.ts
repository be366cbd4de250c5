import { referralFunnelResponseSchema } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { daysFromNow, insertClick, insertLead } from './lead-test-data.js';

/** GET /api/admin/analytics/referral-funnel (issue 39 item 5). */

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const funnel = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/analytics/referral-funnel${query}`, headers: admin.auth });
  expect(res.statusCode, res.body).toBe(200);
  return referralFunnelResponseSchema.parse(res.json()).rows;
};

async function convertedLead(userId: number, createdDaysAgo: number, daysToConvert: number, stage = 'Project Initiation') {
  const [project] = await t.db
    .insert(projects)
    .values({ user_id: userId, company_name: 'Funnel Co', project_stage: stage as 'Project Initiation' })
    .returning({ id: projects.id });
  const created = daysFromNow(-createdDaysAgo);
  await insertLead(t.db, { user_id: userId, source: 'link', status: 'converted', project_id: project!.id, created_at: created, converted_at: new Date(created.getTime() + daysToConvert * 86_400_000) });
}

describe('the referral funnel', () => {
  it('counts each partner’s clicks, leads, converted and completed leads and the median days to conversion, by leads then clicks', async () => {
    const ann = await t.signIn({ first_name: 'Ann', last_name: 'Able' });
    const ben = await t.signIn({ first_name: 'Ben', last_name: 'Baker' });
    const cat = await t.signIn({ first_name: 'Cat', last_name: 'Cole' });
    await t.signIn({ first_name: 'Dan', last_name: 'Idle' });

    for (let i = 0; i < 3; i++) await insertClick(t.db, ann.user.id, daysFromNow(-5));
    await convertedLead(ann.user.id, 20, 2, 'Project Completion');
    await insertLead(t.db, { user_id: ann.user.id, source: 'link', created_at: daysFromNow(-4) });
    await insertClick(t.db, ben.user.id, daysFromNow(-1));
    await convertedLead(cat.user.id, 30, 1);
    await convertedLead(cat.user.id, 30, 3, 'Project Completion');
    await convertedLead(cat.user.id, 30, 10);
    // Nobody's lead, and a partner's from before the range.
    await insertLead(t.db, { user_id: null });
    await insertLead(t.db, { user_id: ben.user.id, created_at: daysFromNow(-800) });
    await insertClick(t.db, ben.user.id, daysFromNow(-800));

    expect(await funnel()).toEqual([
      { user_id: cat.user.id, name: 'Cat Cole', clicks: 0, leads: 3, converted: 3, completed: 1, median_days_to_conversion: 3 },
      { user_id: ann.user.id, name: 'Ann Able', clicks: 3, leads: 2, converted: 1, completed: 1, median_days_to_conversion: 2 },
      { user_id: ben.user.id, name: 'Ben Baker', clicks: 1, leads: 0, converted: 0, completed: 0, median_days_to_conversion: null },
    ]);

    // The range of the other admin analytics: the old lead and click count in theirs.
    const from = daysFromNow(-801).toISOString().slice(0, 10);
    const to = daysFromNow(-799).toISOString().slice(0, 10);
    expect(await funnel(`?from=${from}&to=${to}`)).toEqual([{ user_id: ben.user.id, name: 'Ben Baker', clicks: 1, leads: 1, converted: 0, completed: 0, median_days_to_conversion: null }]);
  });

  it('refuses members (403) and a range the analytics refuse', async () => {
    const member = await t.signIn();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/referral-funnel', headers: member.auth })).statusCode).toBe(403);
    const backwards = await t.app.inject({ method: 'GET', url: '/api/admin/analytics/referral-funnel?from=2025-02-01&to=2025-01-01', headers: admin.auth });
    expect(backwards.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/analytics/referral-funnel?partner=1', headers: admin.auth })).statusCode).toBe(422);
  });
});
