import { DEFAULT_REFERRAL_SETTINGS } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { leads, projects, referralClicks, referralCodes, type UserRow } from '../db/schema/index.js';

/** The referral partner's code in the demo: its link is APP_URL/r/hcab2026 (issue 39). */
export const DEMO_REFERRAL_CODE = 'hcab2026';
const DAY_MS = 86_400_000;
const DEMO_CLICKS = 23;

/**
 * The referral partner's link at work (issue 39): clicks over six weeks, a lead from the link
 * that waits in the admin queue, one registered by hand and contacted, one rejected, and
 * Hill Country Auto Body converted into the project it became; plus a request from the public
 * site that belongs to no partner. Written as rows (the seed's story is in the past).
 */
export async function seedDemoReferrals(db: Database, referral: UserRow, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const until = (created: Date) => new Date(created.getTime() + DEFAULT_REFERRAL_SETTINGS.registration_days * DAY_MS);
  await db.insert(referralCodes).values({ user_id: referral.id, code: DEMO_REFERRAL_CODE, created_at: ago(60) });
  const clicks = await db
    .insert(referralClicks)
    .values(Array.from({ length: DEMO_CLICKS }, (_, i) => ({ token: `demo-click-${i}`, user_id: referral.id, clicked_at: ago(42 - i * 1.8) })))
    .returning({ id: referralClicks.id, clickedAt: referralClicks.clicked_at });
  const click = (daysAgo: number) => clicks.reduce((best, row) => (Math.abs(row.clickedAt.getTime() - ago(daysAgo).getTime()) < Math.abs(best.clickedAt.getTime() - ago(daysAgo).getTime()) ? row : best));
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.user_id, referral.id), eq(projects.company_name, 'Hill Country Auto Body')))
    .limit(1);
  const fromLink = (daysAgo: number) => ({ user_id: referral.id, source: 'link' as const, click_id: click(daysAgo + 0.2).id, created_at: ago(daysAgo), updated_at: ago(daysAgo) });
  await db.insert(leads).values([
    {
      ...fromLink(3),
      company_name: 'Lakeway Dental Group',
      contact_name: 'Priya Shah',
      email: 'priya.shah@lakewaydental.example',
      phone: '5125550148',
      address_1: '1700 Ranch Road 620 S',
      city: 'Lakeway',
      state: 'TX',
      zip: '78734',
      utility_company: 'Pedernales Electric Cooperative',
      average_monthly_bill_cents: 315_000,
      expires_at: until(ago(3)),
    },
    {
      user_id: referral.id,
      source: 'registration',
      status: 'contacted',
      company_name: 'Riverbend Feed & Seed',
      address_1: '410 River Bend Rd',
      city: 'Georgetown',
      state: 'TX',
      zip: '78628',
      expires_at: until(ago(20)),
      created_at: ago(20),
      updated_at: ago(12),
    },
    {
      ...fromLink(26),
      status: 'rejected',
      company_name: 'Cedar Park Print Shop',
      contact_name: 'Tom Alvarez',
      email: 'tom@cedarparkprint.example',
      phone: '5125550199',
      address_1: '1890 Whitestone Blvd',
      city: 'Cedar Park',
      state: 'TX',
      zip: '78613',
      utility_company: 'Pedernales Electric Cooperative',
      average_monthly_bill_cents: 61_000,
      rejected_reason: 'The shop leases its building and the landlord declined solar.',
      updated_at: ago(24),
    },
    ...(project
      ? [
          {
            ...fromLink(40),
            status: 'converted' as const,
            company_name: project.company_name,
            contact_name: 'Dale Hughes',
            email: 'dale@hillcountryautobody.example',
            phone: '5125550177',
            address_1: project.address_1,
            city: project.city,
            state: project.state,
            zip: project.zip,
            utility_company: project.utility_company,
            average_monthly_bill_cents: 240_000,
            project_id: project.id,
            converted_at: ago(38),
            updated_at: ago(38),
          },
        ]
      : []),
    {
      user_id: null,
      source: 'site',
      company_name: 'Mission Bay Bakery',
      contact_name: 'Lena Ortiz',
      email: 'lena@missionbaybakery.example',
      phone: '4155550123',
      address_1: '600 Channel St',
      city: 'San Francisco',
      state: 'CA',
      zip: '94158',
      utility_company: 'Pacific Gas and Electric',
      average_monthly_bill_cents: 185_000,
      created_at: ago(1),
      updated_at: ago(1),
    },
  ]);
}
