import { EARNING_STATUS_LABELS, PAYOUT_STATUS_LABELS, toUsd } from '@sunin/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { deals, earningEntries, payouts, users, type EarningEntryRow, type PayoutRow } from '../../db/schema/index.js';
import { isoDateIn } from '../../lib/business-date.js';
import { csvStream, inBatches, type CsvColumn } from '../../lib/csv.js';
import { fullName } from '../users/full-name.js';

/**
 * The accounting exports of issue 37 item 1: every ledger entry and every payout, oldest first
 * (by id), read in batches like All Users' export. Dates are ISO dates in BUSINESS_TIME_ZONE,
 * amounts plain numbers in dollars (numbers are never formula-neutralised: lib/csv.ts).
 */
export const ACCOUNTING_EXPORT_BATCH_SIZE = 500;

const KIND_LABELS: Record<EarningEntryRow['kind'], string> = { deal: 'Deal', adjustment: 'Adjustment', clawback: 'Clawback' };
const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : toUsd(cents));

type EntryRow = { entry: EarningEntryRow; partnerName: string; partnerEmail: string; contractValueCents: number | null };

function entryColumns(timeZone: string): CsvColumn<EntryRow>[] {
  const date = (at: Date | null) => isoDateIn(timeZone, at);
  return [
    { header: 'Entry ID', value: ({ entry }) => entry.id },
    { header: 'Partner Name', value: (row) => row.partnerName },
    { header: 'Partner Email', value: (row) => row.partnerEmail },
    { header: 'Project ID', value: ({ entry }) => entry.project_id },
    { header: 'Company', value: ({ entry }) => entry.company_name },
    { header: 'Kind', value: ({ entry }) => KIND_LABELS[entry.kind] },
    // The deal's contract value on its deal entry only: an adjustment moves money, not the deal.
    { header: 'Deal Contract Value', value: (row) => (row.entry.kind === 'deal' ? dollars(row.contractValueCents) : null) },
    { header: 'Net Profit', value: ({ entry }) => dollars(entry.net_profit_cents) },
    { header: 'Share %', value: ({ entry }) => (entry.share_bp === null ? null : entry.share_bp / 100) },
    { header: 'Amount', value: ({ entry }) => toUsd(entry.amount_cents) },
    { header: 'Status', value: ({ entry }) => EARNING_STATUS_LABELS[entry.status] },
    { header: 'Reason', value: ({ entry }) => entry.reason },
    { header: 'Created', value: ({ entry }) => date(entry.created_at) },
    { header: 'Approved', value: ({ entry }) => date(entry.approved_at) },
    { header: 'Paid', value: ({ entry }) => date(entry.paid_at) },
    { header: 'Voided', value: ({ entry }) => date(entry.voided_at) },
    { header: 'Payout ID', value: ({ entry }) => entry.payout_id },
  ];
}

/** GET /api/admin/earnings.csv: every ledger entry, with its partner and its project's deal. */
export function exportEarnings(ctx: AppContext, onError: (error: unknown) => void, batchSize = ACCOUNTING_EXPORT_BATCH_SIZE): Promise<Readable> {
  const rows = inBatches(
    (limit, offset) =>
      ctx.db
        .select({ entry: earningEntries, partnerName: fullName, partnerEmail: users.email, contractValueCents: deals.contract_value_cents })
        .from(earningEntries)
        .innerJoin(users, eq(users.id, earningEntries.user_id))
        .leftJoin(deals, and(eq(deals.project_id, earningEntries.project_id), eq(earningEntries.kind, 'deal')))
        .orderBy(asc(earningEntries.id))
        .limit(limit)
        .offset(offset),
    batchSize,
  );
  return csvStream(entryColumns(ctx.config.businessTimeZone), rows, onError);
}

type PayoutExportRow = { payout: PayoutRow; partnerName: string; partnerEmail: string; paidByName: string | null; entryIds: string | null };

function payoutColumns(timeZone: string): CsvColumn<PayoutExportRow>[] {
  return [
    { header: 'Payout ID', value: ({ payout }) => payout.id },
    { header: 'Partner', value: (row) => row.partnerName },
    { header: 'Partner Email', value: (row) => row.partnerEmail },
    { header: 'Amount', value: ({ payout }) => toUsd(payout.amount_cents) },
    { header: 'Reference', value: ({ payout }) => payout.reference },
    { header: 'Paid By', value: (row) => row.paidByName },
    { header: 'Paid Date', value: ({ payout }) => isoDateIn(timeZone, payout.created_at) },
    // Issue 38: a payout is sent, then paid or failed; only `paid` ones are money out (a failed
    // one's entries are payable again, and its retry is a payout of its own).
    { header: 'Status', value: ({ payout }) => PAYOUT_STATUS_LABELS[payout.status] },
    { header: 'Settled Date', value: ({ payout }) => (payout.settled_at ? isoDateIn(timeZone, payout.settled_at) : null) },
    { header: 'Failure Reason', value: ({ payout }) => payout.failure_reason },
    { header: 'Entry IDs', value: (row) => row.entryIds },
  ];
}

/** GET /api/admin/payouts.csv: every payout, with who recorded it and the entries it paid (ids, space-separated). */
export function exportPayouts(ctx: AppContext, onError: (error: unknown) => void, batchSize = ACCOUNTING_EXPORT_BATCH_SIZE): Promise<Readable> {
  const paidBy = alias(users, 'paid_by_user');
  const paidByName = sql<string | null>`trim(${paidBy.first_name} || ' ' || ${paidBy.last_name})`;
  const entryIds = sql<string | null>`(select string_agg(${earningEntries.id}::text, ' ' order by ${earningEntries.id}) from ${earningEntries} where ${earningEntries.payout_id} = ${payouts.id})`;
  const rows = inBatches(
    (limit, offset) =>
      ctx.db
        .select({ payout: payouts, partnerName: fullName, partnerEmail: users.email, paidByName, entryIds })
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.user_id))
        .leftJoin(paidBy, eq(paidBy.id, payouts.paid_by))
        .orderBy(asc(payouts.id))
        .limit(limit)
        .offset(offset),
    batchSize,
  );
  return csvStream(payoutColumns(ctx.config.businessTimeZone), rows, onError);
}
