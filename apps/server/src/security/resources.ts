import { expect } from 'vitest';
import { createNotifications } from '../modules/notifications/notifications.service.js';
import { PDF_MINIMAL, PNG_1PX, multipartBody } from '../test/fixtures.js';
import type { TestApp } from '../test/test-app.js';

export type Session = Awaited<ReturnType<TestApp['signIn']>>;
export type Multipart = { multipart: ReturnType<typeof multipartBody> };

/** app.inject with a JSON body, or a multipart one given as {multipart}. */
export async function call(t: TestApp, method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  if (payload && typeof payload === 'object' && 'multipart' in payload) {
    const body = (payload as Multipart).multipart;
    return t.app.inject({ method: method as 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
  }
  return t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export const pngUpload = (name: string): Multipart => ({ multipart: multipartBody([{ field: 'file', filename: `${name}.png`, contentType: 'image/png', data: PNG_1PX }]) });
export const usageUpload = (): Multipart => ({ multipart: multipartBody([{ field: 'file', filename: 'usage.csv', contentType: 'text/csv', data: Buffer.from('Month,kWh\n2024-01,100\n2024-02,200\n') }]) });
export const pdfUpload = (name: string): Multipart => ({ multipart: multipartBody([{ field: 'file', filename: `${name}.pdf`, contentType: 'application/pdf', data: PDF_MINIMAL }]) });

async function created(res: Awaited<ReturnType<typeof call>>, what: string): Promise<number> {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(201);
  const body = res.json() as { id?: number; projectId?: number };
  return (body.id ?? body.projectId)!;
}

/**
 * A full set of resources under one member: a project with every sub-record the member routes
 * address, keyed like ClassifiedRoute.params (`<segment before>:<param>`).
 */
export async function ownEverything(t: TestApp, who: Session, name: string): Promise<Record<string, number | string>> {
  const post = (url: string, payload: unknown) => call(t, 'POST', url, who.auth, payload);
  const project = await created(await post('/api/projects', { project: { company_name: name, city: name } }), 'project');
  const base = `/api/projects/${project}`;
  const contact = await created(await post(`${base}/contacts`, { contact: { contact_first_name: name, contact_email: 'owner@example.com' } }), 'contact');
  const link = await created(await post(`${base}/project_links`, { project_link: { link_type: 'Utility', link_title: name, link_url: 'https://utility.example' } }), 'link');
  const ticket = await created(await post(`${base}/tickets`, { ticket: { title: name } }), 'ticket');
  const image = await created(await post(`${base}/images`, pngUpload(name)), 'image');
  const file = await created(await post(`${base}/files`, pdfUpload(name)), 'file');
  const note = await created(await post(`${base}/notes`, { note: { body: name } }), 'note');
  const proposal = await created(await post(`${base}/proposal_tickets`, { proposal_ticket: { details: name } }), 'proposal ticket');
  const share = await call(t, 'POST', `${base}/shares`, who.auth, { share: { recipient_name: name, recipient_email: 'customer@example.com' } });
  expect(share.statusCode, `share: ${share.body}`).toBe(201);
  const apiToken = await call(t, 'POST', '/api/user/api_tokens', who.auth, { api_token: { name, scopes: ['projects:read'], expires_in_days: 30 } });
  expect(apiToken.statusCode, `api token: ${apiToken.body}`).toBe(201);
  const [notification] = await createNotifications(t.db, [who.user.id], { kind: 'welcome', title: name, message: name, subject: null });
  // A webhook endpoint to a closed loopback port, turned off so its delivery log stays as it is.
  const endpoint = await call(t, 'POST', '/api/webhook_endpoints', who.auth, { webhook_endpoint: { url: 'http://127.0.0.1:9/hooks', events: ['project.created'], description: name } });
  expect(endpoint.statusCode, `webhook endpoint: ${endpoint.body}`).toBe(201);
  const endpointId = endpoint.json().webhook_endpoint.id as number;
  await call(t, 'PATCH', `/api/webhook_endpoints/${endpointId}`, who.auth, { webhook_endpoint: { enabled: false } });
  const delivery = await call(t, 'POST', `/api/webhook_endpoints/${endpointId}/test`, who.auth);
  expect(delivery.statusCode, `webhook test: ${delivery.body}`).toBe(201);
  return {
    'projects:id': project,
    'projects:projectId': project,
    'contacts:recordId': contact,
    'project_links:recordId': link,
    'tickets:recordId': ticket,
    'images:recordId': image,
    'files:recordId': file,
    'notes:noteId': note,
    'proposal_tickets:ticketId': proposal,
    'users:userId': who.user.id,
    'notifications:id': notification!.id,
    'sessions:id': who.sessionId,
    'shares:shareId': share.json().id as number,
    'shares:token': (share.json().url as string).split('/p/')[1]!,
    'api_tokens:id': apiToken.json().api_token.id as number,
    'webhook_endpoints:id': endpointId,
    'deliveries:delivery_id': delivery.json().delivery.id as number,
  };
}
