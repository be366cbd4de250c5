import { REFERRAL_CODE_PATTERN } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralCodes } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { insertClick, insertLead } from './lead-test-data.js';
import { getOrCreateReferralCode, QR_PNG_WIDTH } from './referral-code.service.js';

/** GET /api/user/referral and its QR codes (issue 39 item 1). */

let t: TestApp;
let partner: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  partner = await t.signIn({ account_type: 'referral_partner' });
  other = await t.signIn({ account_type: 'sales_partner' });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('the referral code', () => {
  it('is made once per partner, 8 characters of the alphabet, and kept', async () => {
    const { user } = await t.signIn();
    const code = await getOrCreateReferralCode(t.db, user.id);
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(await getOrCreateReferralCode(t.db, user.id)).toBe(code);
    // Two first uses at once agree on one code.
    const { user: racer } = await t.signIn();
    const [a, b] = await Promise.all([getOrCreateReferralCode(t.db, racer.id), getOrCreateReferralCode(t.db, racer.id)]);
    expect(a).toBe(b);
    expect(await t.db.select().from(referralCodes).where(eq(referralCodes.user_id, racer.id))).toHaveLength(1);
  });
});

describe('GET /api/user/referral', () => {
  it("answers the partner's link and counts only their own clicks, and the leads it brought (not registrations by hand)", async () => {
    const first = await get('/api/user/referral', partner.auth);
    expect(first.statusCode, first.body).toBe(200);
    const { code } = first.json() as { code: string };
    expect(first.json()).toEqual({ code, url: `http://portal.test/r/${code}`, clicks: 0, leads: 0, converted: 0 });

    await insertClick(t.db, partner.user.id);
    await insertClick(t.db, partner.user.id);
    await insertLead(t.db, { user_id: partner.user.id, source: 'link' });
    await insertLead(t.db, { user_id: partner.user.id, source: 'link', status: 'converted' });
    await insertLead(t.db, { user_id: partner.user.id, source: 'link', status: 'rejected' });
    // Registered by hand: the partner's leads, but not what the link brought.
    await insertLead(t.db, { user_id: partner.user.id, source: 'registration', status: 'converted' });
    // Another partner's and nobody's do not count.
    await insertClick(t.db, other.user.id);
    await insertLead(t.db, { user_id: other.user.id, source: 'link', status: 'converted' });
    await insertLead(t.db, { user_id: null });

    expect((await get('/api/user/referral', partner.auth)).json()).toEqual({ code, url: `http://portal.test/r/${code}`, clicks: 2, leads: 3, converted: 1 });
    const theirs = (await get('/api/user/referral', other.auth)).json() as { code: string; clicks: number; leads: number; converted: number };
    expect(theirs).toMatchObject({ clicks: 1, leads: 1, converted: 1 });
    expect(theirs.code).not.toBe(code);
  });

  it('refuses administrators and accounts that are not partners with 403, and anyone signed out with 401', async () => {
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const enterprise = await t.signIn({ account_type: 'enterprize_partner' });
    for (const who of [admin, enterprise]) {
      for (const url of ['/api/user/referral', '/api/user/referral/qr.png', '/api/user/referral/qr.svg']) {
        const res = await get(url, who.auth);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.message).toBe('Referral links and leads are for partner accounts.');
      }
    }
    expect((await get('/api/user/referral', {})).statusCode).toBe(401);
    expect((await get('/api/user/referral/qr.png', {})).statusCode).toBe(401);
  });
});

describe('the QR codes', () => {
  it('answers a PNG of at least 512 px, square, with a white quiet zone, as a private download', async () => {
    const res = await get('/api/user/referral/qr.png', partner.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private');
    const { code } = (await get('/api/user/referral', partner.auth)).json() as { code: string };
    expect(res.headers['content-disposition']).toContain(`filename="sunin-referral-${code}.png"`);
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const png = PNG.sync.read(res.rawPayload);
    expect(png.width).toBe(QR_PNG_WIDTH);
    expect(png.height).toBe(png.width);
    expect(png.width).toBeGreaterThanOrEqual(512);
    // The quiet zone: the corner pixel and the first rows are white; the code itself is dark somewhere.
    expect([...png.data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    const darkPixels = Array.from({ length: png.width * png.height }, (_, index) => png.data[index * 4]!).filter((value) => value < 128).length;
    expect(darkPixels).toBeGreaterThan(png.width * png.height * 0.2);
  });

  it('answers an SVG of the same link, also with the web app cookie (for an <img>)', async () => {
    const res = await get('/api/user/referral/qr.svg', { cookie: `authorization=${partner.token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sunin-referral-[0-9a-z]{8}\.svg"/);
    expect(res.body).toMatch(/<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('<path');
    expect(res.body).not.toMatch(/<script/i);
  });
});
