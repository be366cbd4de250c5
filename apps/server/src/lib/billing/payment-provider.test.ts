import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createPaymentProvider, stripeContentSecurityPolicy } from './index.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'sunin-billing-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const env = (extra: Record<string, string>) => ({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...extra });
const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_MONTHLY: 'price_m' };
const db = {} as Database;

describe('choosing the payment provider (DESIGN.md "billing")', () => {
  it('uses the local test provider without STRIPE_SECRET_KEY, with both plans, in test mode', async () => {
    const config = loadConfig(env({}));
    expect(config.stripe).toBeUndefined();
    const provider = await createPaymentProvider(config, db);
    expect(provider).toMatchObject({ kind: 'local', publishableKey: null, testMode: true, plans: ['monthly', 'yearly'] });
    expect(stripeContentSecurityPolicy(config)).toEqual({ scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] });
  });

  it('uses Stripe with a secret key; live keys are not test mode; yearly only with its price', async () => {
    const config = loadConfig(env(STRIPE));
    const provider = await createPaymentProvider(config, db);
    expect(provider).toMatchObject({ kind: 'stripe', publishableKey: 'pk_live_x', testMode: false, plans: ['monthly'] });
    expect((await createPaymentProvider(loadConfig(env({ ...STRIPE, STRIPE_PRICE_YEARLY: 'price_y' })), db)).plans).toEqual(['monthly', 'yearly']);
    expect(stripeContentSecurityPolicy(config).scriptSrc).toContain('https://js.stripe.com');
  });

  it('refuses to start with a secret key but without the publishable key, the webhook secret or the monthly price', () => {
    expect(() => loadConfig(env({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ STRIPE_SECRET_KEY: 'sk_test_x' }))).toThrow(/STRIPE_PUBLISHABLE_KEY: required.*\n.*STRIPE_WEBHOOK_SECRET: required.*\n.*STRIPE_PRICE_MONTHLY: required/);
    expect(() => loadConfig(env({ ...STRIPE, STRIPE_API_BASE: 'not a url' }))).toThrow(ConfigError);
  });

  it('tells its customers apart from the other provider\'s (a deployment that switches providers)', async () => {
    const local = await createPaymentProvider(loadConfig(env({})), db);
    const stripe = await createPaymentProvider(loadConfig(env(STRIPE)), db);
    expect(local.ownsCustomer('cus_local_abc')).toBe(true);
    expect(local.ownsCustomer('cus_Nq1')).toBe(false);
    expect(stripe.ownsCustomer('cus_Nq1')).toBe(true);
    expect(stripe.ownsCustomer('cus_local_abc')).toBe(false);
    expect(stripe.planForPrice('price_m')).toBe('monthly');
    expect(stripe.planForPrice('price_other')).toBeNull();
  });
});
