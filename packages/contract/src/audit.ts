import { z } from 'zod';
import { int4Id } from './input-bounds.js';
import { pageQuerySchema } from './projects.js';

/** The kinds of record the audit trail names (issue 15 item 4); `lead`: the admin queue's actions on a lead (issue 39). */
export const AUDIT_ENTITY_TYPES = ['user', 'project', 'proposal_ticket', 'setting', 'tariff', 'lead', 'api_token', 'webhook_endpoint'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

const id = (label: string) => int4Id(label);

/** GET /api/admin/audit: by entity (type and id), by actor, paged; newest first. */
export const adminAuditQuerySchema = pageQuerySchema.extend({
  entity_type: z.enum(AUDIT_ENTITY_TYPES, { error: 'entity_type must be user, project, proposal_ticket, setting, tariff, lead, api_token or webhook_endpoint.' }).optional(),
  entity_id: id('entity_id').optional(),
  actor_id: id('actor_id').optional(),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** Each changed field with its value before and after the write. */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null when the administrator's user has since been deleted. */
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.number().int(),
  changes: auditChangesSchema,
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * GET /api/projects/{id}/activity (issue 18 item 2): the project's timeline, newest first,
 * paged. The same events as the admin audit trail (DESIGN.md "Events"): every write to the
 * project, its contacts, links, photos, files and proposal tickets, by the member or an admin.
 */
export const projectActivityQuerySchema = pageQuerySchema.extend({ per_page: pageQuerySchema.shape.per_page.default(20) });
export type ProjectActivityQuery = z.infer<typeof projectActivityQuerySchema>;

/**
 * Actions recorded against a project that only administrators see: the deal's contract value
 * and net profit are the company's figures; the partner sees their share on /earnings.
 */
export const ADMIN_ONLY_PROJECT_ACTIONS: readonly string[] = ['deal_recorded', 'deal_updated'];
