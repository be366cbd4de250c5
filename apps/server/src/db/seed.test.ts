import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_ACCOUNTS, seedDemoData, subscribeDemoSalesPartner } from './seed.js';
import { users } from './schema/index.js';

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
