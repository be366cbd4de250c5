import { LOGO_MESSAGES, userSchema } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { shareHelpers } from '../../test/shares.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof shareHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  h = shareHelpers(t, admin);
});
afterAll(async () => t?.close());

const upload = (auth: { authorization: string }, filename: string, contentType: string, data: Buffer | string) => {
  const body = multipartBody([{ field: 'file', filename, contentType, data }]);
  return t.app.inject({ method: 'POST', url: '/api/user/logo', headers: { ...auth, ...body.headers }, payload: body.payload });
};

const storedKeys = async () => {
  const keys: string[] = [];
  for await (const object of t.app.ctx.storage.list()) keys.push(object.key);
  return keys;
};

describe('the partner profile (issue 36 item 2)', () => {
  it('takes company_name on the profile edit and on the admin user edit', async () => {
    const member = await t.signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers: member.auth, payload: { user: { company_name: 'Bright Roofs Inc' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ company_name: 'Bright Roofs Inc', logo_url: null });
    const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${member.user.id}`, headers: admin.auth, payload: { user: { company_name: 'Brighter Roofs Inc' } } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().company_name).toBe('Brighter Roofs Inc');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers: member.auth, payload: { user: { company_name: 'x'.repeat(101) } } })).statusCode).toBe(422);
  });

  it('stores a logo judged by its content (a PNG named .pdf is a PNG; text named .png is 415), replaces the old bytes, streams and deletes it', async () => {
    const member = await t.signIn();
    const res = await upload(member.auth, 'letterhead.pdf', 'application/pdf', PNG_1PX);
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user.logo_url).toMatch(/^\/api\/user\/logo\?v=\d+$/);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ logo_content_type: 'image/png', logo_key: expect.stringMatching(/^logos\/[0-9a-f-]{36}$/) });

    const refused = await upload(member.auth, 'logo.png', 'image/png', 'just some text, not an image');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.message).toBe(LOGO_MESSAGES.wrongType);
    const gif = await upload(member.auth, 'logo.gif', 'image/gif', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    expect(gif.statusCode).toBe(415);

    const own = await t.app.inject({ method: 'GET', url: user.logo_url!, headers: member.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline' });
    expect(own.rawPayload.equals(PNG_1PX)).toBe(true);

    const replaced = await upload(member.auth, 'new.png', 'image/png', PNG_1PX);
    expect(replaced.statusCode).toBe(200);
    const keys = await storedKeys();
    expect(keys).not.toContain(row!.logo_key);
    const [after] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(keys).toContain(after!.logo_key);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/logo', headers: member.auth })).statusCode).toBe(204);
    expect(await storedKeys()).not.toContain(after!.logo_key);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/logo', headers: member.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/logo', headers: member.auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: member.auth })).json().logo_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/user/logo' })).statusCode).toBe(401);
  });

  it('refuses a logo over 2 MB with 413 and keeps nothing', async () => {
    const member = await t.signIn();
    const before = await storedKeys();
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(member.auth, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(LOGO_MESSAGES.tooLarge);
    expect(await storedKeys()).toEqual(before);
  });
});

describe('GET /api/public/shares/{token}/logo', () => {
  it("serves the project owner's logo on a live link, 404 without one, 410 on a gone link", async () => {
    const { auth, projectId } = await h.memberWithProject();
    const share = await h.link(auth, projectId);
    const url = `/api/public/shares/${share.token}/logo`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await h.openPage(share.token)).json().partner.logo_url).toBeNull();
    expect((await upload(auth, 'logo.png', 'image/png', PNG_1PX)).statusCode).toBe(200);
    expect((await h.openPage(share.token)).json().partner.logo_url).toBe(url);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff', 'content-disposition': 'inline', 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
    await h.expire(share.id);
    const gone = await t.app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ reason: 'expired' });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/shares/${'A'.repeat(43)}/logo` })).statusCode).toBe(404);
  });
});
