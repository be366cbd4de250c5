import { REFERRAL_COOKIE, type PublicLeadInput } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { leads, referralClicks, referralCodes } from '../../db/schema/index.js';
import type { SignedIn, TestApp } from '../../test/test-app.js';
import { LeadFormTokens } from './lead-form-token.js';

/**
 * The referral tests' helpers (issue 39): a partner with a code, a visit of their link as a
 * browser makes it (its cookie), a well-formed estimate form with a token old enough, and a
 * fresh address per form so the per-address limit stays out of the way unless tested.
 */
export function referralHelpers(t: TestApp) {
  let n = 0;
  const next = () => ++n;
  const tokens = new LeadFormTokens(t.app.ctx.config.jwtSecret);

  /** A partner signed in, with a referral code (codes are normally made by GET /api/user/referral). */
  async function partnerWithCode(overrides: Parameters<TestApp['signIn']>[0] = {}): Promise<SignedIn & { code: string }> {
    const partner = await t.signIn(overrides);
    const code = `r${String(partner.user.id).padStart(7, '0')}`.replace(/[ilou]/g, 'x');
    await t.db.insert(referralCodes).values({ user_id: partner.user.id, code });
    return { ...partner, code };
  }

  /** GET /r/{code}; answers the response and the cookie value it set, if any. */
  async function visit(code: string, options: { cookie?: string; ip?: string } = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/r/${code}`,
      remoteAddress: options.ip ?? freshIp(),
      headers: options.cookie ? { cookie: `${REFERRAL_COOKIE}=${options.cookie}` } : {},
    });
    const setCookie = [res.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith(`${REFERRAL_COOKIE}=`));
    const cookie = setCookie ? setCookie.slice(REFERRAL_COOKIE.length + 1).split(';')[0] : undefined;
    return { res, setCookie, cookie };
  }

  const freshIp = () => {
    const i = next();
    return `10.39.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
  };

  /** A form at a site of its own unless `lead` names one; a fresh email each time. */
  function form(lead: Partial<PublicLeadInput> = {}, extra: { form_token?: string; website_url?: string } = {}) {
    const i = next();
    return {
      lead: {
        company_name: `Owner Co ${i}`,
        contact_name: 'Olive Owner',
        email: `owner-${i}@example.com`,
        phone: '(512) 555-1370',
        address_1: `${i} Form Street`,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        utility_company: 'Austin Energy',
        average_monthly_bill: 1250.5,
        ...lead,
      },
      // Shown a minute ago: older than any LEAD_FORM_MIN_SECONDS a test sets.
      form_token: tokens.issue(Date.now() - 60_000),
      ...extra,
    };
  }

  /** POST /api/public/leads from a fresh address (or `ip`), with the attribution cookie if given. */
  function submit(body: unknown, options: { cookie?: string; ip?: string } = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/public/leads',
      remoteAddress: options.ip ?? freshIp(),
      headers: options.cookie ? { cookie: `${REFERRAL_COOKIE}=${options.cookie}` } : {},
      payload: body as Record<string, unknown>,
    });
  }

  /** The leads at a street address (newest first). */
  const leadsAt = async (address1: string) => (await t.db.select().from(leads).where(eq(leads.address_1, address1))).sort((a, b) => b.id - a.id);
  const clickOf = async (token: string) => (await t.db.select().from(referralClicks).where(eq(referralClicks.token, token)))[0];

  /** A project of `owner` at a site, through POST /api/projects. */
  async function projectAt(owner: SignedIn, site: { address_1: string; city?: string; state?: string; zip?: string }): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: owner.auth, payload: { project: { company_name: 'Project Co', city: 'Austin', state: 'TX', zip: '78701', ...site } } });
    if (res.statusCode !== 201) throw new Error(`project: ${res.statusCode} ${res.body}`);
    return (res.json() as { projectId: number }).projectId;
  }

  return { partnerWithCode, visit, freshIp, form, submit, leadsAt, clickOf, projectAt, tokens, next };
}
