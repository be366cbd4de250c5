import { DEFAULT_REFERRAL_SETTINGS, FREE_ESTIMATE_PATH } from '@sunin/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralClicks } from '../../db/schema/index.js';
import { LEAD_LIMITS } from '../../plugins/rate-limits.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { referralCookie } from './referral-link.routes.js';
import { referralHelpers } from './referral-test-helpers.js';

/** GET /r/{code} (issue 39 item 1): the click, the attribution cookie, and always the same redirect. */
let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof referralHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  h = referralHelpers(t);
});
afterAll(async () => t?.close());

const clicksOf = async (userId: number) => (await t.db.select({ n: count() }).from(referralClicks).where(eq(referralClicks.user_id, userId)))[0]!.n;

describe('a partner link', () => {
  it('records a click and sets the attribution cookie: HttpOnly, SameSite=Lax, Path=/, for the attribution window', async () => {
    const partner = await h.partnerWithCode();
    const { res, setCookie, cookie } = await h.visit(partner.code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(FREE_ESTIMATE_PATH);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(setCookie).toBeDefined();
    const attributes = setCookie!.split(';').map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', `Max-Age=${DEFAULT_REFERRAL_SETTINGS.attribution_window_days * 86_400}`]));
    // http:// in the tests: no Secure (the browser would drop it); https is checked below.
    expect(attributes).not.toContain('Secure');
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const click = await h.clickOf(cookie!);
    expect(click).toMatchObject({ user_id: partner.user.id });
  });

  it('is Secure on https and in production', () => {
    expect(referralCookie({ appUrl: 'https://portal.example', isProduction: false }, 'tok', 90)).toContain('Secure');
    expect(referralCookie({ appUrl: 'http://portal.example', isProduction: true }, 'tok', 90)).toContain('Secure');
    expect(referralCookie({ appUrl: 'http://localhost:3000', isProduction: false }, 'tok', 90)).not.toContain('Secure');
  });

  it('reads the code in any case, and the cookie follows the attribution window setting', async () => {
    const partner = await h.partnerWithCode();
    const put = (days: number) => t.app.inject({ method: 'PUT', url: '/api/admin/referral-settings', headers: admin.auth, payload: { settings: { ...DEFAULT_REFERRAL_SETTINGS, attribution_window_days: days } } });
    expect((await put(30)).statusCode).toBe(200);
    try {
      const { setCookie, cookie } = await h.visit(partner.code.toUpperCase());
      expect(setCookie).toContain(`Max-Age=${30 * 86_400}`);
      expect((await h.clickOf(cookie!))?.user_id).toBe(partner.user.id);
    } finally {
      await put(DEFAULT_REFERRAL_SETTINGS.attribution_window_days);
    }
  });

  it('an unknown or malformed code, or a code of an account that is no partner, redirects the same and sets nothing', async () => {
    const known = await h.visit((await h.partnerWithCode()).code);
    const staff = await h.partnerWithCode({ account_type: 'administrative_partner' });
    const adminPartner = await h.partnerWithCode({ company_role: 'full_access_admin' });
    const before = (await t.db.select({ n: count() }).from(referralClicks))[0]!.n;
    for (const code of ['zzzzzzzz', 'short', 'ilou1234', '../../etc', '%00', 'x'.repeat(90), staff.code, adminPartner.code]) {
      const { res, setCookie } = await h.visit(encodeURIComponent(code));
      expect(res.statusCode, code).toBe(302);
      expect(res.headers.location, code).toBe(known.res.headers.location);
      expect(setCookie, code).toBeUndefined();
    }
    expect((await t.db.select({ n: count() }).from(referralClicks))[0]!.n).toBe(before);
  });

  it("keeps no query: the redirect goes to the form's path whatever follows the code", async () => {
    const partner = await h.partnerWithCode();
    const res = await t.app.inject({ method: 'GET', url: `/r/${partner.code}?next=https://evil.example&utm_source=x` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(FREE_ESTIMATE_PATH);
  });
});

describe('counting clicks', () => {
  it("a visitor back within 30 minutes through the same partner's link is not counted again (the cookie is kept)", async () => {
    const partner = await h.partnerWithCode();
    const first = await h.visit(partner.code);
    const again = await h.visit(partner.code, { cookie: first.cookie! });
    expect(again.res.statusCode).toBe(302);
    expect(again.setCookie).toBeUndefined();
    expect(await clicksOf(partner.user.id)).toBe(1);

    // Another partner's link counts at once, and its click replaces the cookie (the last click).
    const other = await h.partnerWithCode();
    const switched = await h.visit(other.code, { cookie: first.cookie! });
    expect(switched.cookie).toBeDefined();
    expect(await clicksOf(other.user.id)).toBe(1);

    // Half an hour later the same visitor counts again.
    await t.db.update(referralClicks).set({ clicked_at: new Date(Date.now() - 31 * 60_000) }).where(eq(referralClicks.token, first.cookie!));
    const later = await h.visit(partner.code, { cookie: first.cookie! });
    expect(later.cookie).toBeDefined();
    expect(later.cookie).not.toBe(first.cookie);
    expect(await clicksOf(partner.user.id)).toBe(2);
  });

  it(`counts at most ${LEAD_LIMITS.clicksPerIpPerMinute} clicks a minute per address; past that it still redirects, without a click or cookie`, async () => {
    const partner = await h.partnerWithCode();
    const ip = h.freshIp();
    for (let i = 0; i < LEAD_LIMITS.clicksPerIpPerMinute; i++) expect((await h.visit(partner.code, { ip })).cookie, `click ${i + 1}`).toBeDefined();
    const over = await h.visit(partner.code, { ip });
    expect(over.res.statusCode).toBe(302);
    expect(over.res.headers.location).toBe(FREE_ESTIMATE_PATH);
    expect(over.setCookie).toBeUndefined();
    expect(await clicksOf(partner.user.id)).toBe(LEAD_LIMITS.clicksPerIpPerMinute);
    // Another address is not affected.
    expect((await h.visit(partner.code)).cookie).toBeDefined();
  });
});
