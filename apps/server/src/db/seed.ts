import { localCardSchema } from '@sunin/contract';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import { confirmLocalCheckout, createCheckoutSession } from '../modules/billing/billing.service.js';
import type { ClusterLocks, Database } from './client.js';
import { createUser } from './factories/users.js';
import { users } from './schema/index.js';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

/** The demo accounts `npm start` creates in an empty development database (README lists them). */
export const DEMO_ACCOUNTS = {
  admin: { label: 'Administrator', email: 'admin@sunin.example', password: 'SunIn-admin-2026' },
  sales: { label: 'Sales partner (paid)', email: 'sales@sunin.example', password: 'SunIn-sales-2026' },
  referral: { label: 'Referral partner', email: 'referral@sunin.example', password: 'SunIn-referral-2026' },
} as const satisfies Record<string, DemoAccount>;

/** Seeds only an empty database: returns the accounts created, or [] when users exist. */
export async function seedDemoData(db: Database): Promise<DemoAccount[]> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return [];
  const verified = new Date();
  await db.transaction(async (tx) => {
    await createUser(tx, {
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_ACCOUNTS.admin.password,
      first_name: 'Avery',
      last_name: 'Admin',
      user_name: 'avery.admin',
      account_type: 'admin',
      company_role: 'full_access_admin',
      email_verified_at: verified,
    });
    await createUser(tx, {
      email: DEMO_ACCOUNTS.sales.email,
      password: DEMO_ACCOUNTS.sales.password,
      first_name: 'Sam',
      last_name: 'Seller',
      user_name: 'sam.seller',
      account_type: 'sales_partner',
      email_verified_at: verified,
      city: 'San Diego',
      state: 'CA',
      zip: '92101',
    });
    await createUser(tx, {
      email: DEMO_ACCOUNTS.referral.email,
      password: DEMO_ACCOUNTS.referral.password,
      first_name: 'Riley',
      last_name: 'Referrer',
      user_name: 'riley.referrer',
      account_type: 'referral_partner',
      email_verified_at: verified,
    });
  });
  return Object.values(DEMO_ACCOUNTS);
}

/**
 * The start-up seed (server.ts): seeds an empty database and pays for the demo sales partner,
 * under an advisory lock, so that processes starting together on one empty PostgreSQL seed it
 * once. The others wait for the lock, then find the users and return [].
 */
export async function seedDemoOnce(ctx: AppContext, locks: ClusterLocks): Promise<DemoAccount[]> {
  const result = await locks.withAdvisoryLock(
    'seed-demo',
    async () => {
      const created = await seedDemoData(ctx.db);
      if (created.length > 0) await subscribeDemoSalesPartner(ctx);
      return created;
    },
    { wait: true },
  );
  return result.acquired ? result.value : [];
}

/**
 * The demo sales partner pays for real: a checkout through the local test provider with the
 * standard test card, so its subscription, /billing and the profile's billing section all
 * work. With Stripe configured there is no card to pay with, and the account stays unpaid
 * (it is sent to /checkout like any new sales partner).
 */
export async function subscribeDemoSalesPartner(ctx: AppContext): Promise<boolean> {
  if (ctx.billing.kind !== 'local') return false;
  const [user] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.sales.email)).limit(1);
  if (!user || user.subscription_status) return false;
  const { clientSecret } = await createCheckoutSession(ctx, user, 'monthly');
  const card = localCardSchema.parse({ number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' });
  await confirmLocalCheckout(ctx, user, { client_secret: clientSecret, card, cardholder_name: 'Sam Seller' });
  return true;
}
