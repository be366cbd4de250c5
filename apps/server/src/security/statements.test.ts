import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningEntries } from '../db/schema/index.js';
import { pdfText } from '../test/pdf-text.js';
import { createTestApp, type SignedIn, type TestApp } from '../test/test-app.js';

/**
 * The statement downloads of issue 38 item 3 as the security suite checks them (the generated
 * matrix covers 401 and 403 on every route; these are the rules it cannot see): the partner's
 * route has no way to name anyone else, the downloads by cookie are held to the same checks as
 * the header, and an administrator's cookie still needs two-factor where it is required.
 */
let t: TestApp;
let a: SignedIn;
let b: SignedIn;
const url = (query: string) => `/api/user/earnings/statement.pdf${query}`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_MFA_REQUIRED: 'true' });
  a = await t.signIn({ first_name: 'Ana', account_type: 'sales_partner' });
  b = await t.signIn({ first_name: 'Ben', account_type: 'sales_partner' });
  const at = new Date('2026-11-05T18:00:00Z');
  await t.db.insert(earningEntries).values({ user_id: a.user.id, kind: 'deal', amount_cents: 424_242, status: 'approved', approved_at: at, created_at: at, company_name: 'Ana Secret Project' });
}, 60_000);
afterAll(async () => t?.close());

describe('statement downloads (issue 38 item 3)', () => {
  it("never answers one partner another's statement: the route reads only the caller, and takes no other key", async () => {
    const own = pdfText((await t.app.inject({ method: 'GET', url: url('?month=2026-11'), headers: a.auth })).rawPayload).runs.join('\n');
    expect(own).toContain('Ana Secret Project');
    for (const query of ['?month=2026-11', `?month=2026-11&user_id=${a.user.id}`, `?month=2026-11&id=${a.user.id}`]) {
      for (const headers of [b.auth, { cookie: `authorization=${b.token}` }]) {
        const res = await t.app.inject({ method: 'GET', url: url(query), headers });
        if (res.statusCode === 200) expect(pdfText(res.rawPayload).runs.join('\n')).not.toMatch(/Ana|4,242\.42/);
        else expect(res.statusCode, query).toBe(422);
      }
    }
    // The admin route is not a way round: a partner is refused it for anyone, themselves included.
    for (const id of [a.user.id, b.user.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${id}/earnings/statement.pdf?month=2026-11`, headers: { cookie: `authorization=${b.token}` } });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses a revoked or foreign cookie, and an administrator without two-factor by cookie as by header', async () => {
    expect((await t.app.inject({ method: 'GET', url: url('?month=2026-11'), headers: { cookie: 'authorization=not-a-token' } })).statusCode).toBe(401);
    const admin = await t.signIn({ company_role: 'full_access_admin' });
    for (const headers of [admin.auth, { cookie: `authorization=${admin.token}` }]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${a.user.id}/earnings/statement.pdf?month=2026-11`, headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('mfa_enrollment_required');
    }
  });
});
