import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedSigningCode, shareHelpers } from '../../test/shares.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { webhookOutbox } from '../../test/webhook-outbox.js';
import { TestReceiver } from '../../test/webhook-receiver.js';
import { referralHelpers } from '../referrals/referral-test-helpers.js';

/**
 * The events customers and business owners cause without signing in (issue 40 item 3): the
 * customer's signature through the share link (proposal.signed), their change request turning a
 * delivered proposal into a revision (proposal.status_changed), and the public estimate form
 * (lead.created). Each goes to the partner whose data it is and the company-wide endpoint only;
 * a lead of no partner to the company-wide endpoint alone. The worker polls once an hour here,
 * so a delivery arriving shows that its change woke the worker after the commit.
 */
let t: TestApp;
let admin: SignedIn;
let receiver: TestReceiver;
let outbox: ReturnType<typeof webhookOutbox>;
let shares: ReturnType<typeof shareHelpers>;
let referrals: ReturnType<typeof referralHelpers>;
let partners = 0;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({}, { webhooks: { pollIntervalMs: 3_600_000 } }));
  receiver = await new TestReceiver().start();
  outbox = webhookOutbox(t);
  shares = shareHelpers(t, admin);
  referrals = referralHelpers(t);
  await outbox.subscribe('bystander', await t.signIn({ first_name: 'Bob' }), receiver.url);
  await outbox.subscribe('wide', admin, receiver.url, true);
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

/** A member with a project, subscribed to every event under their own name, its proposal delivered and a link to it. */
async function sharedProject() {
  const member = await shares.memberWithProject();
  const name = `member${++partners}`;
  await outbox.subscribe(name, member, receiver.url);
  const ticketId = await shares.deliver(member.auth, member.projectId, [{ title: 'Proposal v1', url: 'https://docs.example/p1' }]);
  const { token } = await shares.link(member.auth, member.projectId);
  await outbox.newDeliveries();
  // Nothing left in flight: what is sent from here on was sent because a change woke the worker.
  await t.app.ctx.webhooks.flush();
  return { member, name, ticketId, token };
}

describe('the customer on the share link', () => {
  it('proposal.signed carries the signer and the version, never their e-mail, and is sent at once', async () => {
    const { member, name, token } = await sharedProject();
    const email = 'dana@acme.example';
    const asked = await t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/signature/code`, remoteAddress: '198.51.100.40', payload: { signature: { email } } });
    expect(asked.statusCode, asked.body).toBe(200);
    const code = await mailedSigningCode(t, email);
    const signature = { name: 'Dana Owner', title: 'CEO', email, code, consent: true, typed_signature: 'Dana Owner' };
    const signed = await t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/signature`, remoteAddress: '198.51.100.40', payload: { signature } });
    expect(signed.statusCode, signed.body).toBe(201);

    const rows = await outbox.newDeliveries();
    expect(outbox.to(rows, 'proposal.signed')).toEqual([name, 'wide'].sort());
    const data = rows.find((row) => row.type === 'proposal.signed')!.data;
    expect(data).toEqual({
      project_id: member.projectId,
      owner_id: member.user.id,
      company_name: 'Acme Foods',
      proposal_version: 1,
      signer_name: 'Dana Owner',
      signer_title: 'CEO',
      signed_at: signed.json().signed_at,
    });
    expect(JSON.stringify(rows)).not.toContain(email);
    // Woken by the signature's commit: the hourly poll has not come round.
    await receiver.receive((received) => received.body.includes('"proposal.signed"') && received.body.includes(`"project_id":${member.projectId}`));
  });

  it('a change request revises the delivered proposal: proposal.status_changed from delivered to revision requested', async () => {
    const { member, name, ticketId, token } = await sharedProject();
    const res = await t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/change-requests`, payload: { change_request: { name: 'Casey Customer', email: 'casey@acme.example', note: 'Could we add a carport?' } } });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await outbox.newDeliveries();
    expect(outbox.to(rows, 'proposal.status_changed')).toEqual([name, 'wide'].sort());
    expect(rows.find((row) => row.type === 'proposal.status_changed')!.data).toEqual({
      proposal_request: { id: ticketId, project_id: member.projectId, owner_id: member.user.id, company_name: 'Acme Foods' },
      from_status: 'Proposal created and attached to project',
      to_status: 'Revision requested and pending review',
    });
    // Woken by the request's commit too.
    await receiver.receive((received) => received.body.includes('"proposal.status_changed"') && received.body.includes(`"id":${ticketId},`) && received.body.includes('Revision requested'));

    // A second request finds the ticket open: nothing changes, nothing is sent.
    const again = await t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/change-requests`, payload: { change_request: { name: 'Casey Customer', email: 'casey@acme.example', note: 'And a battery?' } } });
    expect(again.statusCode, again.body).toBe(201);
    expect(await outbox.newDeliveries()).toEqual([]);
  });
});

describe('the public estimate form', () => {
  it('lead.created for a form through a partner’s link goes to that partner and the company-wide endpoint', async () => {
    const partner = await referrals.partnerWithCode({ first_name: 'Riley' });
    await outbox.subscribe('referrer', partner, receiver.url);
    const { cookie } = await referrals.visit(partner.code);
    await outbox.newDeliveries();
    const form = referrals.form({ company_name: 'Linked Bakery' });
    const res = await referrals.submit(form, cookie ? { cookie } : {});
    expect(res.statusCode, res.body).toBe(201);
    const rows = await outbox.newDeliveries();
    expect(outbox.to(rows, 'lead.created')).toEqual(['referrer', 'wide']);
    expect(rows[0]!.data).toMatchObject({ lead: { owner_id: partner.user.id, source: 'link', company_name: 'Linked Bakery', city: 'Austin', state: 'TX' } });
  });

  it('lead.created for a form of no partner goes to the company-wide endpoint alone', async () => {
    await outbox.newDeliveries();
    const res = await referrals.submit(referrals.form({ company_name: 'Walk-in Dairy' }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await outbox.newDeliveries();
    expect(outbox.to(rows, 'lead.created')).toEqual(['wide']);
    expect(rows[0]!.data).toMatchObject({ lead: { owner_id: null, source: 'site', company_name: 'Walk-in Dairy' } });
  });
});
