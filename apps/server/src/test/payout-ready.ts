import type { PayoutProviderKind } from '@sunin/contract';
import type { Executor } from '../db/client.js';
import { payoutAccounts, taxForms } from '../db/schema/index.js';
import { createSecretBox } from '../lib/secret-box.js';
import type { TestApp } from './test-app.js';

/**
 * Makes a partner payable in tests (issue 38): a certified W-9 and a payout account ready at the
 * app's provider, written straight to the tables (the tax form and onboarding routes have their
 * own tests). `tin` defaults to an EIN whose last four digits are the user id's.
 */
export async function makePayoutReady(t: TestApp, userId: number, options: { provider?: PayoutProviderKind; tin?: string; db?: Executor } = {}): Promise<void> {
  const db = options.db ?? t.db;
  const tin = options.tin ?? `12${String(3_000_000 + userId).padStart(7, '0')}`;
  const box = createSecretBox(t.app.ctx.config.tinEncryptionKey);
  const now = new Date();
  await db
    .insert(taxForms)
    .values({ user_id: userId, legal_name: `Partner ${userId} LLC`, business_type: 'llc_p', tin_type: 'ein', tin_sealed: box.encrypt(tin), tin_last4: tin.slice(-4), address_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', certified_at: now })
    .onConflictDoNothing();
  const provider = options.provider ?? t.app.ctx.billing.kind;
  await db
    .insert(payoutAccounts)
    .values({ user_id: userId, provider, account_ref: `acct_${provider}_fixture_${userId}`, status: 'active', bank_last4: '6789' })
    .onConflictDoNothing();
}
