import { OPEN_LEAD_STATUSES, toUsd, type AdminLead, type Lead, type leadProjectSchema, type LeadStatus } from '@sunin/contract';
import type { z } from 'zod';
import type { LeadRow } from '../../db/schema/index.js';

export type LeadProject = z.infer<typeof leadProjectSchema>;

const isOpen = (status: LeadStatus) => (OPEN_LEAD_STATUSES as readonly LeadStatus[]).includes(status);

/**
 * A lead's status as of `now`: an open lead past its expiry reads expired even before the hourly
 * job has marked it, so lists, limits and the site rules agree at every moment.
 */
export function effectiveLeadStatus(row: Pick<LeadRow, 'status' | 'expires_at'>, now: Date): LeadStatus {
  if (isOpen(row.status) && row.expires_at !== null && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.status;
}

/** A lead as its partner sees it (GET /api/user/leads, POST /api/user/leads): no contact details. */
export function toLead(row: LeadRow, project: LeadProject | null, now: Date): Lead {
  const status = effectiveLeadStatus(row, now);
  return {
    id: row.id,
    status,
    source: row.source,
    company_name: row.company_name,
    contact_name: row.contact_name,
    address_1: row.address_1,
    city: row.city,
    state: row.state,
    zip: row.zip,
    expires_at: isOpen(status) && row.expires_at ? row.expires_at.toISOString() : null,
    rejected_reason: row.rejected_reason,
    project,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface AdminLeadExtras {
  project: LeadProject | null;
  partner: AdminLead['partner'];
  referredBy: AdminLead['referred_by'];
  clickedAt: Date | null;
}

/** A lead in the admin queue: everything the form said, who owns it, and why a conflict. */
export function toAdminLead(row: LeadRow, extras: AdminLeadExtras, now: Date): AdminLead {
  return {
    ...toLead(row, extras.project, now),
    email: row.email,
    phone: row.phone,
    utility_company: row.utility_company,
    average_monthly_bill: row.average_monthly_bill_cents === null ? null : toUsd(row.average_monthly_bill_cents),
    has_usage_file: row.usage_file_key !== null,
    partner: extras.partner,
    referred_by: extras.referredBy,
    conflict: row.conflict,
    clicked_at: extras.clickedAt?.toISOString() ?? null,
    converted_at: row.converted_at?.toISOString() ?? null,
  };
}
