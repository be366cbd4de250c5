import { desc, eq } from 'drizzle-orm';
import { mailOutbox, projectShares } from '../db/schema/index.js';
import type { SignedIn, TestApp } from './test-app.js';

/** The signing code in the newest mail to `email` (the outbox keeps what it sent). */
export async function mailedSigningCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const code = /^\s+(\d{6})$/m.exec(mail?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Helpers of the customer link tests (issue 36): a member's project, a link to it, a delivery. */
export function shareHelpers(t: TestApp, admin: SignedIn) {
  async function memberWithProject(overrides: Record<string, unknown> = {}, user: Record<string, unknown> = {}) {
    const member = await t.signIn({ first_name: 'Pat', last_name: 'Partner', phone_number: '512-555-0100', company_name: 'Sunny Partners LLC', ...user });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: member.auth,
      payload: { project: { company_name: 'Acme Foods', industry: 'Food processing', address_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701', utility_company: 'Austin Energy', ...overrides } },
    });
    if (res.statusCode !== 201) throw new Error(`project: ${res.body}`);
    return { ...member, projectId: res.json().projectId as number };
  }

  async function createLink(auth: { authorization: string }, projectId: number, share: Record<string, unknown> = {}, prefix = '/api/projects') {
    return t.app.inject({ method: 'POST', url: `${prefix}/${projectId}/shares`, headers: auth, payload: { share: { recipient_name: 'Casey Customer', recipient_email: 'casey@acme.example', ...share } } });
  }

  /** A link's token (from its url) and id. */
  async function link(auth: { authorization: string }, projectId: number, share: Record<string, unknown> = {}) {
    const res = await createLink(auth, projectId, share);
    if (res.statusCode !== 201) throw new Error(`share: ${res.body}`);
    const body = res.json() as { id: number; url: string };
    return { id: body.id, token: body.url.split('/p/')[1]!, url: body.url };
  }

  const openPage = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/public/shares/${token}`, headers });

  /** Requests a proposal as the member and delivers it (status 3) as the admin with `links`. */
  async function deliver(auth: { authorization: string }, projectId: number, links: Array<{ title: string; url: string }>, extra: Record<string, unknown> = {}) {
    let ticketId = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/proposal_tickets`, headers: auth })).json()[0]?.id as number | undefined;
    if (ticketId === undefined) {
      const created = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/proposal_tickets`, headers: auth, payload: { proposal_ticket: { details: 'Please quote' } } });
      if (created.statusCode !== 201) throw new Error(`ticket: ${created.body}`);
      ticketId = created.json().id as number;
    }
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${ticketId}`, headers: admin.auth, payload: { proposal_ticket: { status: 3, proposal_links: links, ...extra } } });
    if (res.statusCode !== 200) throw new Error(`deliver: ${res.body}`);
    return ticketId;
  }

  /** Moves a link's expiry (time moves with the row, never by waiting). */
  const expire = (shareId: number, at = new Date(Date.now() - 1000)) => t.db.update(projectShares).set({ expires_at: at }).where(eq(projectShares.id, shareId));

  return { memberWithProject, createLink, link, openPage, deliver, expire };
}
