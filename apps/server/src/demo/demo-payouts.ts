import { tinDigits } from '@sunin/contract';
import type { AppContext } from '../app-context.js';
import type { Database } from '../db/client.js';
import { payoutAccounts, taxForms, type UserRow } from '../db/schema/index.js';
import { createSecretBox } from '../lib/secret-box.js';

/**
 * The demo partners can be paid (issue 38): each has a certified W-9 (the TIN sealed with the
 * secret box, as apps/server/src/test/payout-ready.ts does) and, with the local payout provider,
 * an active test bank account ending 6789. With Stripe there is no demo payout account: a
 * partner onboards on Stripe's own pages.
 */
export const DEMO_TINS = { sales: { tin_type: 'ein', tin: '12-3456789' }, referral: { tin_type: 'ssn', tin: '123-45-6789' } } as const;

export async function prepareDemoPayouts(ctx: AppContext, db: Database, people: { sales: UserRow; referral: UserRow }, certifiedAt: Date): Promise<void> {
  const box = createSecretBox(ctx.config.tinEncryptionKey);
  for (const who of ['sales', 'referral'] as const) {
    const person = people[who];
    const { tin_type, tin } = DEMO_TINS[who];
    const digits = tinDigits(tin) ?? '';
    await db.insert(taxForms).values({
      user_id: person.id,
      legal_name: who === 'sales' ? person.company_name || `${person.first_name} ${person.last_name}` : `${person.first_name} ${person.last_name}`,
      business_type: who === 'sales' ? 'llc_p' : 'individual',
      tin_type,
      tin_sealed: box.encrypt(digits),
      tin_last4: digits.slice(-4),
      address_1: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      certified_at: certifiedAt,
    });
    if (ctx.payouts.kind === 'local') {
      await db.insert(payoutAccounts).values({ user_id: person.id, provider: 'local', account_ref: `acct_local_demo_${person.id}`, status: 'active', bank_last4: '6789' });
    }
  }
}
