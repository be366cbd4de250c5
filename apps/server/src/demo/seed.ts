import { Readable } from 'node:stream';
import {
  adminProposalTicketUpdateBodySchema,
  contactCreateBodySchema,
  localCardSchema,
  projectCreateSchema,
  projectLinkCreateBodySchema,
  projectUpdateSchema,
  proposalTicketCreateBodySchema,
  proposalTicketUpdateBodySchema,
} from '@sunin/contract';
import { count, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../app-context.js';
import { runWithin, type ClusterLocks, type Database } from '../db/client.js';
import { createUser } from '../db/factories/users.js';
import { mailOutbox, projects, proposalTickets, tariffs, users, type UserRow } from '../db/schema/index.js';
import { LocalPaymentProvider } from '../lib/billing/index.js';
import { confirmLocalCheckout, createCheckoutSession } from '../modules/billing/billing.service.js';
import { recordDeal, recordPayout } from '../modules/earnings/earnings.service.js';
import { settleLocalPayouts } from '../modules/earnings/payout-sending.service.js';
import { LocalPayoutProvider } from '../lib/payouts/index.js';
import { prepareDemoPayouts } from './demo-payouts.js';
import { listNotifications, setNotificationRead } from '../modules/notifications/notifications.service.js';
import { MULTIPART_FRAMING_BYTES, uploadAttachment, type UploadSource } from '../modules/projects/attachments.service.js';
import { assertCanWrite, memberScope, type ProjectScope } from '../modules/projects/project-access.js';
import { contactRecords, linkRecords } from '../modules/projects/project-records.service.js';
import { createProject, updateProject } from '../modules/projects/projects.service.js';
import { settleStaysFromHistory } from '../modules/projects/stage-history.js';
import { adminUpdateProposalTicket, createProposalTicket, requestRevision } from '../modules/proposals/proposals.service.js';
import { createTariff } from '../modules/tariffs/tariffs.service.js';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.js';
import { energyProfilePdf, sitePhoto } from './demo-files.js';
import { DEMO_PROJECTS, type DemoProject } from './demo-projects.js';
import { DEMO_TARIFFS } from './demo-tariffs.js';
import { seedDemoReferrals } from './demo-referrals.js';
import { seedDemoShare } from './demo-share.js';
import { DemoTimeline } from './demo-timeline.js';

export { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.js';

/** How many of each person's notifications stay unread (the newest); the older ones are read. */
export const DEMO_UNREAD_NOTIFICATIONS = 3;
/** Days between the steps of a project's story. */
const STEP_DAYS = 3;
export const DEMO_PAYOUT_REFERENCE = 'ACH 2026-1107';
const INITIAL_STAGE = 'Project Initiation';

interface DemoPeople {
  admin: UserRow;
  sales: UserRow;
  referral: UserRow;
}

/**
 * Seeds an empty database with a living demo, through the services, so that the same rules,
 * history entries and notifications apply as in real use: the three demo accounts, the sales
 * partner's subscription (local test provider), and the partners' projects (demo-projects.ts)
 * with contacts, links, a site photo, a PDF and their proposal tickets, each moved to its
 * stage by the administrator. Returns the accounts created, or [] when users exist.
 *
 * Everything is one transaction: a seed cut short leaves no row behind, and the next start
 * seeds again. Only bytes already written to storage can stay; the storage sweep removes them
 * (they have no row).
 */
export async function seedDemoData(ctx: AppContext): Promise<DemoAccount[]> {
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return [];
    const demo = withinTransaction(ctx, tx as unknown as Database);
    const timeline = new DemoTimeline(demo.db);
    await createDemoAccounts(demo.db);
    await seedExampleTariffs(demo);
    await subscribeDemoSalesPartner(demo);
    const people = await loadDemoPeople(demo.db);
    await prepareDemoPayouts(demo, demo.db, people, timeline.daysAgo(60));
    await timeline.begin();
    for (const [index, project] of DEMO_PROJECTS.entries()) await playProject(demo, timeline, people, project, index);
    // The sales partner's completed project was paid out a week later; the referral partner's
    // approved earnings wait for a payout, to try Record payout on.
    // Sent through the local payout provider and settled at once: paid (issue 38).
    if (demo.payouts.kind === 'local') {
      await recordPayout(demo, people.admin.id, { user_id: people.sales.id, reference: DEMO_PAYOUT_REFERENCE });
      await settleLocalPayouts(demo);
    }
    // The referral partner's link, its clicks and leads, and a request for the admin queue (issue 39).
    await seedDemoReferrals(tx as unknown as Database, people.referral, new Date());
    // A customer link of Bayside Brewing, printed at start-up (issue 36).
    await seedDemoShare(tx, ctx.config.jwtSecret, people.sales.id, new Date());
    await timeline.mark(timeline.daysAgo(14));
    await timeline.apply();
    await timeline.dateLedger();
    await timeline.dateClocks();
    await settleStaysFromHistory(tx);
    await timeline.dateUsers(Object.values(people).map((person) => person.id), timeline.daysAgo(60));
    for (const person of Object.values(people)) await readOlderNotifications(demo, person);
    await timeline.dateReadNotifications();
    // The demo's notifications replay a made-up past: none of them is news to email.
    await tx.delete(mailOutbox).where(isNotNull(mailOutbox.template));
    return Object.values(DEMO_ACCOUNTS);
  });
}

/**
 * The services on the seed's transaction: their own transactions become savepoints in it. The
 * local payment provider keeps its books through the database it was made with, so it gets one
 * on the transaction too, and so do the prepared statements (`ctx.run`): on PGlite's single
 * connection, a query beside the transaction would wait for it forever.
 */
function withinTransaction(ctx: AppContext, tx: Database): AppContext {
  // The local payout provider settles when the seed says (settleLocalPayouts), never on a timer after the transaction.
  return { ...ctx, db: tx, run: runWithin(tx), billing: ctx.billing.kind === 'local' ? new LocalPaymentProvider(tx) : ctx.billing, payouts: ctx.payouts.kind === 'local' ? new LocalPayoutProvider(0) : ctx.payouts };
}

async function createDemoAccounts(db: Database): Promise<void> {
  const verified = new Date();
  await createUser(db, {
    email: DEMO_ACCOUNTS.admin.email,
    password: DEMO_ACCOUNTS.admin.password,
    first_name: 'Avery',
    last_name: 'Admin',
    user_name: 'avery.admin',
    account_type: 'admin',
    company_role: 'full_access_admin',
    email_verified_at: verified,
  });
  await createUser(db, {
    email: DEMO_ACCOUNTS.sales.email,
    password: DEMO_ACCOUNTS.sales.password,
    first_name: 'Sam',
    last_name: 'Seller',
    user_name: 'sam.seller',
    account_type: 'sales_partner',
    email_verified_at: verified,
    phone_number: '6195550100',
    address_1: '600 B St',
    city: 'San Diego',
    state: 'CA',
    zip: '92101',
  });
  await createUser(db, {
    email: DEMO_ACCOUNTS.referral.email,
    password: DEMO_ACCOUNTS.referral.password,
    first_name: 'Riley',
    last_name: 'Referrer',
    user_name: 'riley.referrer',
    account_type: 'referral_partner',
    email_verified_at: verified,
    phone_number: '5125550100',
    address_1: '301 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
}

async function loadDemoPeople(db: Database): Promise<DemoPeople> {
  const byEmail = async (email: string) => {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!row) throw new Error(`demo account ${email} is missing`);
    return row;
  };
  return { admin: await byEmail(DEMO_ACCOUNTS.admin.email), sales: await byEmail(DEMO_ACCOUNTS.sales.email), referral: await byEmail(DEMO_ACCOUNTS.referral.email) };
}

/**
 * Who writes a partner's records: the partner, as in real use. A sales partner without a
 * subscription (Stripe configured: there is no card to pay with) may not write, so the
 * administrator does it for them, as the admin area may.
 */
function writerFor(owner: UserRow, admin: ProjectScope): ProjectScope {
  try {
    assertCanWrite(owner);
    return memberScope(owner);
  } catch {
    return admin;
  }
}

/** One file as an upload route would hand it over. */
function uploadOf(filename: string, bytes: Buffer): UploadSource {
  return { declaredBytes: bytes.length + MULTIPART_FRAMING_BYTES, open: async () => ({ filename, stream: Readable.from([bytes], { objectMode: false }), fields: {} }) };
}

/** One project's story, each step dated by the timeline (STEP_DAYS or an admin step's hours apart, the last `lastActivityDaysAgo`). */
async function playProject(ctx: AppContext, timeline: DemoTimeline, people: DemoPeople, demo: DemoProject, index: number): Promise<void> {
  const admin: ProjectScope = { user: people.admin, admin: true };
  const owner = people[demo.owner];
  const scope = writerFor(owner, admin);
  // Each step's days after the one before: an administrator's proposal step its hours, the stage change its
  // stageAfterHours where given, any other STEP_DAYS.
  const gaps = [
    ...demo.proposal.map((step) => (step.by === 'admin' ? step.hours / 24 : STEP_DAYS)),
    ...(demo.stage === INITIAL_STAGE ? [] : [demo.stageAfterHours === undefined ? STEP_DAYS : demo.stageAfterHours / 24]),
  ];
  let at = timeline.daysAgo(demo.lastActivityDaysAgo + gaps.reduce((sum, days) => sum + days, 0));
  let stepIndex = 0;
  const nextStep = () => (at = new Date(at.getTime() + (gaps[stepIndex++] ?? STEP_DAYS) * 24 * 60 * 60 * 1000));
  const { id } = await createProject(ctx, scope, projectCreateSchema.parse(await withMeterTariffs(ctx, demo)), owner.id);

  for (const contact of demo.contacts) {
    const { project_id: _ignored, ...values } = contactCreateBodySchema.parse({ contact }).contact;
    await contactRecords.create(ctx, scope, id, values);
  }
  for (const link of demo.links) await linkRecords.create(ctx, scope, id, projectLinkCreateBodySchema.parse({ project_link: link }).project_link);
  await uploadAttachment(ctx, scope, id, 'image', uploadOf(`${demo.project.company_name} - roof.png`, sitePhoto(index)));
  await uploadAttachment(ctx, scope, id, 'file', uploadOf(`${demo.project.company_name} - energy profile.pdf`, await energyProfilePdf(demo)));
  await timeline.mark(at);
  timeline.touched(projects, id, at);

  let ticketId = 0;
  for (const step of demo.proposal) {
    nextStep();
    if (step.by === 'member' && 'request' in step) {
      const body = proposalTicketCreateBodySchema.parse({ proposal_ticket: { details: step.request } }).proposal_ticket;
      ticketId = (await createProposalTicket(ctx, scope, id, body)).id;
    } else if (step.by === 'member') {
      const body = proposalTicketUpdateBodySchema.parse({ proposal_ticket: { status: 5, details: step.revision, revision_type: step.type } }).proposal_ticket;
      await requestRevision(ctx, scope, id, ticketId, body);
    } else {
      const body = adminProposalTicketUpdateBodySchema.parse({
        proposal_ticket: {
          status: step.status,
          admin_notes: step.notes,
          engineer_name: step.engineer,
          rejection_reason: step.rejection?.reason,
          rejection_specific: step.rejection?.specific,
          proposal_links: step.link ? [step.link] : [],
        },
      }).proposal_ticket;
      await adminUpdateProposalTicket(ctx, people.admin, ticketId, body);
      // A proposal link is set on the project too.
      if (step.link) timeline.touched(projects, id, at);
    }
    await timeline.mark(at);
    timeline.touched(proposalTickets, ticketId, at);
  }
  if (demo.stage !== INITIAL_STAGE) {
    nextStep();
    if (demo.deal) await recordDeal(ctx, people.admin.id, id, demo.deal);
    await updateProject(ctx, admin, id, projectUpdateSchema.parse({ project_stage: demo.stage }));
    await timeline.mark(at);
    timeline.touched(projects, id, at);
  }
}

/** Opens (marks read) all but the newest DEMO_UNREAD_NOTIFICATIONS of a person's notifications. */
async function readOlderNotifications(ctx: AppContext, person: UserRow): Promise<void> {
  const { rows } = await listNotifications(ctx, person, person.id, { page: 1, per_page: 100 });
  for (const row of rows.slice(DEMO_UNREAD_NOTIFICATIONS)) await setNotificationRead(ctx, person, person.id, row.id, true);
}

/**
 * The start-up seed (server.ts): seeds an empty database under an advisory lock, so that
 * processes starting together on one empty PostgreSQL seed it once. The others wait for the
 * lock, then find the users and return [].
 */
export async function seedDemoOnce(ctx: AppContext, locks: ClusterLocks): Promise<DemoAccount[]> {
  const result = await locks.withAdvisoryLock('seed-demo', () => seedDemoData(ctx), { wait: true });
  return result.acquired ? result.value : [];
}

/** The project with its meters on the example tariffs the demo names for them (by name: their ids are the seed's). */
async function withMeterTariffs(ctx: AppContext, demo: DemoProject): Promise<DemoProject['project']> {
  if (!demo.meterTariffs || !demo.project.meters) return demo.project;
  const ids = new Map((await ctx.db.select({ id: tariffs.id, name: tariffs.name }).from(tariffs)).map((row) => [row.name, row.id]));
  return {
    ...demo.project,
    meters: demo.project.meters.map((meter, index) => {
      const name = demo.meterTariffs?.[index];
      return name ? { ...meter, tariff_id: ids.get(name) ?? null } : meter;
    }),
  };
}

/**
 * The example tariffs of the five markets (demo-tariffs.ts), each marked `example` so that the
 * screens say to check it against the utility's sheet; one already there by name is left alone.
 * Not audited: no administrator wrote them.
 */
export async function seedExampleTariffs(ctx: AppContext): Promise<void> {
  const present = new Set((await ctx.db.select({ name: tariffs.name }).from(tariffs)).map((row) => row.name));
  for (const tariff of DEMO_TARIFFS) if (!present.has(tariff.name)) await createTariff(ctx, tariff, null, { example: true });
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
