import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_ACCOUNTS, seedDemoData, seedDemoOnce, subscribeDemoSalesPartner } from './seed.js';
import { checkoutSessions, users } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo seed', () => {
  it('seeds the three demo accounts once, and the sales partner pays through the local checkout', async () => {
    expect((await seedDemoData(t.db)).map((account) => account.email)).toEqual(Object.values(DEMO_ACCOUNTS).map((account) => account.email));
    expect(await seedDemoData(t.db)).toEqual([]);
    expect(await subscribeDemoSalesPartner(t.app.ctx)).toBe(true);
    const [sales] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.sales.email));
    expect(sales?.subscription_status).toBe('active');
    expect(sales?.subscription_end_date?.getTime()).toBeGreaterThan(Date.now());
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: DEMO_ACCOUNTS.sales.email, password: DEMO_ACCOUNTS.sales.password } } });
    const subscription = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { authorization: String(login.headers.authorization) } });
    expect(subscription.json().subscription).toMatchObject({ provider: 'local', status: 'active' });
    expect(await subscribeDemoSalesPartner(t.app.ctx)).toBe(false);
  });
});

describe('the start-up seed of two processes starting together', () => {
  it('creates each demo account once, under the advisory lock, and pays for the sales partner once', async () => {
    // A second app on the same empty database: another process on PostgreSQL (issue 13 item 9).
    const first = await createTestApp();
    const second = await createTestApp({}, { sameDatabaseAs: first });
    try {
      const results = await Promise.all([seedDemoOnce(first.app.ctx, first.database), seedDemoOnce(second.app.ctx, second.database)]);
      expect(results.map((created) => created.length).sort()).toEqual([0, 3]);
      const emails = (await first.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
      expect(emails).toEqual(Object.values(DEMO_ACCOUNTS).map((account) => account.email).sort());
      expect(await first.db.select().from(checkoutSessions)).toHaveLength(1);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
