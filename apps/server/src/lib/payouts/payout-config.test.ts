import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startupNotices } from '../../startup-notices.js';
import { useTempDirs } from '../../test/temp-dirs.js';
import { createPayoutProvider, LocalPayoutProvider } from './index.js';

const tempDir = useTempDirs('sunin-payout-config-');
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_billing', STRIPE_PRICE_MONTHLY: 'price_1' };
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64), MALWARE_SCAN: 'off' };

describe('the payout provider’s configuration (issue 38 item 2, docs/decisions/047)', () => {
  it('follows billing: the local provider without Stripe, settling after LOCAL_PAYOUT_SETTLE_MS (1500 by default)', async () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.localPayoutSettleMs).toBe(1500);
    const provider = await createPayoutProvider(config);
    expect(provider).toBeInstanceOf(LocalPayoutProvider);
    expect((provider as LocalPayoutProvider).settleMs).toBe(1500);
    expect(loadConfig({ DATA_DIR: tempDir(), LOCAL_PAYOUT_SETTLE_MS: '0' }).localPayoutSettleMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), LOCAL_PAYOUT_SETTLE_MS: '-1' })).toThrow(/LOCAL_PAYOUT_SETTLE_MS must be at least 0/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), LOCAL_PAYOUT_SETTLE_MS: '3600001' })).toThrow(/LOCAL_PAYOUT_SETTLE_MS must be at most/);
  });

  it('is Stripe Connect with Stripe; the Connect secret is optional outside production, with a warning', async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...STRIPE });
    expect(config.stripe?.connectWebhookSecret).toBeUndefined();
    expect((await createPayoutProvider(config)).kind).toBe('stripe');
    expect(startupNotices(config).map((notice) => notice.message)).toEqual(expect.arrayContaining([expect.stringMatching(/STRIPE_CONNECT_WEBHOOK_SECRET is not set/)]));
    const withSecret = loadConfig({ DATA_DIR: tempDir(), ...STRIPE, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' });
    expect(withSecret.stripe?.connectWebhookSecret).toBe('whsec_connect');
    expect(startupNotices(withSecret).some((notice) => notice.message.includes('STRIPE_CONNECT_WEBHOOK_SECRET'))).toBe(false);
  });

  it('refuses production with Stripe and no Connect secret (payouts would stay on their way for ever)', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, ...STRIPE })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, ...STRIPE })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: required in production with Stripe/);
    expect(loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, ...STRIPE, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect' }).stripe?.connectWebhookSecret).toBe('whsec_connect');
    // The local provider on purpose needs none.
    expect(loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, BILLING_PROVIDER: 'local' }).stripe).toBeUndefined();
  });
});
