import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

/** Setting up data through the API, as the web app would, so that a spec starts where it tests. */

export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { user: { email, password } } });
  expect(res.status(), await res.text()).toBe(200);
  return (res.headers()['authorization'] ?? '').replace(/^Bearer\s+/i, '');
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createProject(request: APIRequestContext, token: string, companyName: string): Promise<number> {
  const res = await request.post('/api/projects', {
    headers: auth(token),
    // Every project here is at one made-up address: allow_duplicate, or a member's second one would answer 409 possible_duplicate (issue 37 item 6).
    data: { project: { company_name: companyName, industry: 'Retail', address_1: '1 Solar Way', city: 'Austin', state: 'TX', zip: '78701', project_stage: 'Project Initiation', allow_duplicate: true } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { projectId: number }).projectId;
}

export async function requestProposal(request: APIRequestContext, token: string, projectId: number): Promise<number> {
  const res = await request.post(`/api/projects/${projectId}/proposal_tickets`, { headers: auth(token), data: { proposal_ticket: { details: 'x', status: 1 } } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Makes a partner payable (issue 38): their W-9 (an EIN whose last digits vary per call) and a
 * local-provider payout account with a bank account that receives transfers.
 */
let tinSeq = 0;
export async function makePayoutReady(request: APIRequestContext, token: string): Promise<void> {
  tinSeq += 1;
  const tin = `12-${String(4_000_000 + ((Date.now() + tinSeq) % 5_000_000)).padStart(7, '0')}`;
  const form = await request.put('/api/user/tax_form', {
    headers: auth(token),
    data: { tax_form: { legal_name: 'E2E Partner LLC', business_type: 'llc_p', tin_type: 'ein', tin, address_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', certified: true } },
  });
  expect(form.status(), await form.text()).toBe(200);
  const onboarding = await request.post('/api/user/payout_account/onboarding', { headers: auth(token) });
  expect(onboarding.status(), await onboarding.text()).toBe(200);
  const bank = await request.put('/api/user/payout_account/local', { headers: auth(token), data: { bank_account: { holder_name: 'E2E Partner LLC', routing_number: '110000000', account_number: '000123456789' } } });
  expect(bank.status(), await bank.text()).toBe(200);
}
