import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { leads, referralClicks, type LeadRow } from '../../db/schema/index.js';

/**
 * Leads and clicks written straight to the tables for the tests of the lists, the queue and
 * conversion (the public form and registrations have their own tests). Each lead has a site of
 * its own unless told otherwise: one open lead per site.
 */
export async function insertLead(db: Executor, overrides: Partial<typeof leads.$inferInsert> = {}): Promise<LeadRow> {
  const street = `${randomBytes(3).readUIntBE(0, 3)} ${randomBytes(3).toString('hex')} Street`;
  const [row] = await db
    .insert(leads)
    .values({
      source: 'site',
      company_name: 'Inland Cold Storage',
      contact_name: 'Jane Q. Doe',
      email: 'jane@inland.example',
      phone: '5125551370',
      address_1: street,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      utility_company: 'Austin Energy',
      average_monthly_bill_cents: 123_450,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insertLead: no row');
  return row;
}

export async function insertClick(db: Executor, userId: number, clickedAt = new Date()): Promise<number> {
  const [row] = await db.insert(referralClicks).values({ user_id: userId, token: randomBytes(18).toString('base64url'), clicked_at: clickedAt }).returning({ id: referralClicks.id });
  return row!.id;
}

export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);
