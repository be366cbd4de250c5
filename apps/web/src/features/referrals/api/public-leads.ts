import type { PublicLeadBody } from '@sunin/contract';
import { apiRequest, type RequestOptions } from '../../../lib/api-client';

/*
 * The business owner's form (issue 39 item 2), on a prerendered public page: plain fetches (no
 * TanStack Query or zod in the public entry, decision 024), never with the session's token (a
 * signed-in partner trying their own link must not turn a refusal into a sign-out). The browser
 * sends the first-party attribution cookie by itself: it is what names the partner.
 */
const PUBLIC: RequestOptions = { auth: false, redirectOnUnauthorized: false };

export interface LeadFormToken {
  form_token: string;
  min_seconds: number;
}

/** GET /api/public/lead_form: the signed token of the form as shown (the server refuses a form sent back too soon). */
export function getLeadForm(signal?: AbortSignal): Promise<LeadFormToken> {
  return apiRequest<LeadFormToken>('/public/lead_form', { ...PUBLIC, signal });
}

/** POST /api/public/leads -> 201 {upload_token}: the lead, and a token to attach a usage file within the hour. */
export function createPublicLead(body: PublicLeadBody): Promise<{ upload_token: string }> {
  return apiRequest<{ upload_token: string }>('/public/leads', { ...PUBLIC, method: 'POST', body });
}

/** POST /api/public/leads/usage_file (multipart: upload_token, file): the optional Green Button file. */
export function uploadLeadUsageFile(uploadToken: string, file: File): Promise<{ months_found: number; meters: number }> {
  const body = new FormData();
  body.append('upload_token', uploadToken);
  body.append('file', file);
  return apiRequest<{ months_found: number; meters: number }>('/public/leads/usage_file', { ...PUBLIC, method: 'POST', body });
}
