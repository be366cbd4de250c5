import {
  BUSINESS_TYPE_LABELS,
  maskTin,
  reportingThresholdUsd,
  tinDigits,
  toUsd,
  W9_CERTIFICATION_TEXT,
  type AuditChanges,
  type TaxForm,
  type TaxFormBody,
  type TaxFormResponse,
} from '@sunin/contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { payouts, taxForms, users, type TaxFormRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { csvStream, inBatches, type CsvColumn } from '../../lib/csv.js';
import { createSecretBox, SecretBoxError, type SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/audit.service.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { fullName } from '../users/full-name.js';
import { readPayoutSettings } from './payout-settings.service.js';

/**
 * The W-9 tax form (issue 38 item 1) and the year's 1099 totals (item 5). The TIN is stored
 * only sealed with the secret box under TIN_ENCRYPTION_KEY (its own key, not the two-factor
 * one), normalised to its nine digits; its last four digits are kept readable for the masked
 * form. Nothing the portal answers, exports, logs, audits or mails ever carries the TIN itself:
 * every reader goes through toTaxForm, which knows only `tin_masked`.
 */

const boxes = new WeakMap<Buffer, SecretBox>();
/** The secret box of the configured TIN key (one per key). */
function tinBox(ctx: AppContext): SecretBox {
  const key = ctx.config.tinEncryptionKey;
  let box = boxes.get(key);
  if (!box) {
    box = createSecretBox(key);
    boxes.set(key, box);
  }
  return box;
}

type FormWithReviewer = { form: TaxFormRow; reviewerName: string | null };

type ShownFields = Pick<TaxFormRow, 'legal_name' | 'business_type' | 'tin_type' | 'tin_last4' | 'address_1' | 'city' | 'state' | 'zip'>;

/** A form's fields as anyone may see them (answers and the audit trail): the TIN masked. */
function shownFields(form: ShownFields) {
  return {
    legal_name: form.legal_name,
    business_type: form.business_type,
    tin_type: form.tin_type,
    tin_masked: maskTin(form.tin_type, form.tin_last4),
    address_1: form.address_1,
    city: form.city,
    state: form.state,
    zip: form.zip,
  };
}

export function toTaxForm({ form, reviewerName }: FormWithReviewer): TaxForm {
  return {
    ...shownFields(form),
    certified_at: form.certified_at.toISOString(),
    reviewed_at: form.reviewed_at?.toISOString() ?? null,
    reviewed_by_name: form.reviewed_at ? reviewerName : null,
    updated_at: form.updated_at.toISOString(),
  };
}

const reviewer = alias(users, 'tax_form_reviewer');

async function readForm(db: Executor, userId: number): Promise<FormWithReviewer | undefined> {
  const [row] = await db
    .select({ form: taxForms, reviewerName: sql<string | null>`trim(${reviewer.first_name} || ' ' || ${reviewer.last_name})` })
    .from(taxForms)
    .leftJoin(reviewer, eq(reviewer.id, taxForms.reviewed_by))
    .where(eq(taxForms.user_id, userId));
  return row;
}

const respond = (row: FormWithReviewer | undefined): TaxFormResponse => ({ tax_form: row ? toTaxForm(row) : null, certification_text: W9_CERTIFICATION_TEXT });

/** GET /api/user/tax_form (the caller's) and GET /api/admin/users/{id}/tax_form (404 for an unknown user). */
export async function getTaxForm(ctx: AppContext, userId: number, options: { mustExist?: boolean } = {}): Promise<TaxFormResponse> {
  if (options.mustExist) {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
  }
  return respond(await readForm(ctx.db, userId));
}

/** The fields a saved form's audit entry compares; the TIN only as its mask. */
const AUDITED = ['legal_name', 'business_type', 'tin_type', 'tin_masked', 'address_1', 'city', 'state', 'zip'] as const;
type Audited = Record<(typeof AUDITED)[number], string>;

/**
 * PUT /api/user/tax_form: gives or replaces the caller's W-9, certified now from `ip`. A new
 * form is a new certification: any review of the one before is cleared. Audited
 * `tax_form_saved` with the changed fields, the TIN only as `tin_masked` (also listed when the
 * digits changed behind the same last four).
 */
export async function saveTaxForm(ctx: AppContext, userId: number, body: TaxFormBody['tax_form'], ip: string): Promise<TaxFormResponse> {
  // The schema checked the TIN (tinProblem); the digits are what is sealed, dashes and spaces gone.
  const digits = tinDigits(body.tin);
  if (!digits) throw new AppError('validation_failed', 'The TIN must be nine digits.', { tin: 'The TIN must be nine digits.' });
  const box = tinBox(ctx);
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(taxForms).where(eq(taxForms.user_id, userId)).for('update');
    const values = {
      legal_name: body.legal_name,
      business_type: body.business_type,
      tin_type: body.tin_type,
      tin_sealed: box.encrypt(digits),
      tin_last4: digits.slice(-4),
      address_1: body.address_1,
      city: body.city,
      state: body.state,
      zip: body.zip,
      certified_at: now,
      certified_ip: ip.slice(0, 100),
      reviewed_at: null,
      reviewed_by: null,
      updated_at: now,
    };
    await tx
      .insert(taxForms)
      .values({ user_id: userId, ...values, created_at: now })
      .onConflictDoUpdate({ target: taxForms.user_id, set: values });

    const audited = (form: ShownFields): Audited => shownFields(form);
    const was = before ? audited(before) : null;
    const now_ = audited(values);
    const changes: AuditChanges = {};
    for (const field of AUDITED) if (was?.[field] !== now_[field]) changes[field] = { before: was?.[field] ?? null, after: now_[field] };
    if (before && !changes.tin_masked && sameDigits(box, before.tin_sealed, digits) === false) changes.tin_masked = { before: was!.tin_masked, after: now_.tin_masked };
    if (before?.reviewed_at) changes.reviewed_at = { before: before.reviewed_at.toISOString(), after: null };
    changes.certified_at = { before: before?.certified_at.toISOString() ?? null, after: now.toISOString() };
    await recordAudit(tx, { actorId: userId, action: 'tax_form_saved', entityType: 'user', entityId: userId, changes });
  });
  return respond(await readForm(ctx.db, userId));
}

/** Whether a sealed TIN holds these digits; false too when it no longer opens (another key). */
function sameDigits(box: SecretBox, sealed: string, digits: string): boolean {
  try {
    return box.decrypt(sealed) === digits;
  } catch (error) {
    if (error instanceof SecretBoxError) return false;
    throw error;
  }
}

/**
 * POST /api/admin/users/{id}/tax_form/review: an administrator checked the form (404 for an
 * unknown user, 409 when none was given). Audited `tax_form_reviewed`; the partner is told.
 */
export async function reviewTaxForm(ctx: AppContext, actorId: number, userId: number): Promise<TaxFormResponse> {
  const notified = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    const [form] = await tx.select().from(taxForms).where(eq(taxForms.user_id, userId)).for('update');
    if (!form) throw new AppError('conflict', 'This partner has not given a W-9 tax form yet: there is nothing to review.');
    const now = new Date();
    await tx.update(taxForms).set({ reviewed_at: now, reviewed_by: actorId }).where(eq(taxForms.user_id, userId));
    await recordAudit(tx, {
      actorId,
      action: 'tax_form_reviewed',
      entityType: 'user',
      entityId: userId,
      changes: { reviewed_at: { before: form.reviewed_at?.toISOString() ?? null, after: now.toISOString() }, reviewed_by: { before: form.reviewed_by, after: actorId } },
    });
    return createNotifications(tx, [userId], { kind: 'earnings', title: 'Tax form reviewed', message: 'Our team reviewed the W-9 tax information you gave on your Earnings page.', subject: null });
  });
  await publishNotifications(ctx, notified);
  return respond(await readForm(ctx.db, userId));
}

// Item 5: the year's 1099 totals.

export const FORM_1099_BATCH_SIZE = 500;

type Form1099Row = {
  userId: number;
  name: string;
  email: string;
  paidCents: number;
  form: Pick<TaxFormRow, 'legal_name' | 'business_type' | 'tin_type' | 'tin_last4' | 'address_1' | 'city' | 'state' | 'zip'> | null;
};

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function form1099Columns(thresholdUsd: number): CsvColumn<Form1099Row>[] {
  return [
    { header: 'Partner ID', value: (row) => row.userId },
    { header: 'Partner Name', value: (row) => row.name },
    { header: 'Partner Email', value: (row) => row.email },
    { header: 'Legal Name', value: (row) => row.form?.legal_name },
    { header: 'Business Type', value: (row) => (row.form ? BUSINESS_TYPE_LABELS[row.form.business_type] : '') },
    { header: 'TIN Type', value: (row) => row.form?.tin_type.toUpperCase() },
    { header: 'TIN (masked)', value: (row) => (row.form ? maskTin(row.form.tin_type, row.form.tin_last4) : '') },
    { header: 'Missing W-9', value: (row) => yesNo(row.form === null) },
    { header: 'Address', value: (row) => row.form?.address_1 },
    { header: 'City', value: (row) => row.form?.city },
    { header: 'State', value: (row) => row.form?.state },
    { header: 'ZIP', value: (row) => row.form?.zip },
    { header: 'Paid Total', value: (row) => toUsd(row.paidCents) },
    { header: 'Reporting Threshold', value: () => thresholdUsd },
    { header: 'Reaches Threshold', value: (row) => yesNo(toUsd(row.paidCents) >= thresholdUsd) },
  ];
}

/**
 * GET /api/admin/payouts/1099.csv?year=: one row per partner paid in `year` (payouts that are
 * `paid`, dated by the day they were sent in BUSINESS_TIME_ZONE: the payment is made then, and a
 * settlement reported days later may fall in the next year), with the W-9 (TIN masked) or the "Missing W-9" flag, the paid total and
 * whether it reaches the year's reporting threshold (payout settings: $600 before 2026,
 * $2,000 from 2026). Everyone with a W-9 certified being a U.S. person, those are the US
 * partners; partners without one are listed too, flagged, so none is forgotten.
 */
export async function export1099(ctx: AppContext, year: number, onError: (error: unknown) => void, batchSize = FORM_1099_BATCH_SIZE): Promise<Readable> {
  const thresholdUsd = reportingThresholdUsd((await readPayoutSettings(ctx.db)).value, year);
  const tz = ctx.config.businessTimeZone;
  // The day the payment was made: when the payout was sent (its settlement can be reported days later, in another year).
  const paidAt = payouts.created_at;
  // Midnight of 1 January in the business's zone, as an instant: the year's bounds, index-friendly.
  const newYear = (y: number) => sql`(make_timestamp(${y}::int, 1, 1, 0, 0, 0) at time zone ${tz}::text)`;
  const totals = ctx.db
    .select({ user_id: payouts.user_id, paid_cents: sql<string>`sum(${payouts.amount_cents})`.as('paid_cents') })
    .from(payouts)
    .where(and(eq(payouts.status, 'paid'), gte(paidAt, newYear(year)), lt(paidAt, newYear(year + 1))))
    .groupBy(payouts.user_id)
    .as('totals');
  const rows = inBatches(async (limit, offset) => {
    const read = await ctx.db
      .select({
        userId: users.id,
        name: fullName,
        email: users.email,
        paidCents: totals.paid_cents,
        // Never tin_sealed: the export has no use for the TIN itself.
        form: {
          legal_name: taxForms.legal_name,
          business_type: taxForms.business_type,
          tin_type: taxForms.tin_type,
          tin_last4: taxForms.tin_last4,
          address_1: taxForms.address_1,
          city: taxForms.city,
          state: taxForms.state,
          zip: taxForms.zip,
        },
      })
      .from(totals)
      .innerJoin(users, eq(users.id, totals.user_id))
      .leftJoin(taxForms, eq(taxForms.user_id, users.id))
      .orderBy(asc(users.id))
      .limit(limit)
      .offset(offset);
    return read.map((row): Form1099Row => ({ userId: row.userId, name: row.name, email: row.email, paidCents: Number(row.paidCents), form: row.form?.legal_name == null ? null : row.form }));
  }, batchSize);
  return csvStream(form1099Columns(thresholdUsd), rows, onError);
}
