import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminLeadConvertResponseSchema, adminLeadResponseSchema, adminLeadListResponseSchema, type LeadStatus } from '@sunin/contract';
import { apiRequest, apiRequestWithResponse } from '../../../lib/api-client';

/**
 * The leads queue (issue 39 item 3). Under ['admin'] like every admin list: another
 * administrator's change (admin_changed) and our own writes refresh it.
 */
export const adminLeadsKey = ['admin', 'leads'] as const;

export interface AdminLeadListQuery {
  page: number;
  perPage: number;
  status?: LeadStatus | undefined;
  q?: string | undefined;
}

/**
 * GET /api/admin/leads?page&per_page&status&q -> {leads}. The total comes in X-Total-Count when
 * the server sends it; without it a full page means there may be another.
 */
export async function listAdminLeads({ page, perPage, status, q }: AdminLeadListQuery, signal?: AbortSignal) {
  const { data, headers } = await apiRequestWithResponse<unknown>('/admin/leads', { query: { page, per_page: perPage, status, q: q || undefined }, signal });
  const { leads } = adminLeadListResponseSchema.parse(data);
  const header = headers.get('X-Total-Count');
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : null;
  return { leads, total };
}

export function useAdminLeads(query: AdminLeadListQuery) {
  return useQuery({ queryKey: [...adminLeadsKey, 'list', query], queryFn: ({ signal }) => listAdminLeads(query, signal), placeholderData: keepPreviousData });
}

/** Every write of a lead refreshes the queue, the users' pages and the projects (a conversion makes one). */
function useLeadWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }) });
}

/** PATCH /api/admin/leads/:id {lead: {status: 'contacted'}} */
export function useMarkLeadContacted() {
  return useLeadWrite(async (id: number) => adminLeadResponseSchema.parse(await apiRequest<unknown>(`/admin/leads/${id}`, { method: 'PATCH', body: { lead: { status: 'contacted' } } })).lead);
}

/** POST /api/admin/leads/:id/reject {reason} */
export function useRejectLead() {
  return useLeadWrite(async ({ id, reason }: { id: number; reason: string }) => adminLeadResponseSchema.parse(await apiRequest<unknown>(`/admin/leads/${id}/reject`, { method: 'POST', body: { reason } })).lead);
}

/** POST /api/admin/leads/:id/convert {user_id?} -> 201 {project_id, lead}: `userId` names the owner of a lead of no partner. */
export function useConvertLead() {
  return useLeadWrite(async ({ id, userId }: { id: number; userId?: number | undefined }) =>
    adminLeadConvertResponseSchema.parse(await apiRequest<unknown>(`/admin/leads/${id}/convert`, { method: 'POST', body: userId === undefined ? {} : { user_id: userId } })),
  );
}
