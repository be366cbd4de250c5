import { duplicateMessage, type ProjectStage } from '@sunin/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, proposalTickets } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/** Issue 37 item 6: the partner's own list (search, filters, sort) and possible duplicates on create. */
let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

const DAY = 86_400_000;
type Place = { address_1?: string; city?: string; state?: string; zip?: string };

async function insertProject(userId: number, company: string, stage: ProjectStage, daysInStage: number, place: Place = {}) {
  const [row] = await t.db
    .insert(projects)
    .values({ user_id: userId, company_name: company, project_stage: stage, stage_entered_at: new Date(Date.now() - daysInStage * DAY), state: 'TX', ...place })
    .returning({ id: projects.id });
  return row!.id;
}

describe('GET /api/projects with q, stage, state, stalled, open_proposal and sort', () => {
  let member: SignedIn;
  let other: SignedIn;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    member = await t.signIn({ first_name: 'Lista', last_name: 'Member', account_type: 'referral_partner' });
    other = await t.signIn({ first_name: 'Other', last_name: 'Member', account_type: 'referral_partner' });
    ids.harbor = await insertProject(member.user.id, 'Harbor Point Cold Storage', 'Presentation Ready', 40, { address_1: '1200 Harbor Dr', city: 'San Diego', state: 'CA' });
    ids.mesa = await insertProject(member.user.id, 'Mesa Verde Veterinary', 'Project Initiation', 2, { address_1: '55 Mesa Rd', city: 'Chula Vista', state: 'CA' });
    ids.lone = await insertProject(member.user.id, 'Lone Star Tool & Die', 'Site Survey and Finalization', 5, { address_1: '9 Ranch Rd', city: 'Austin', state: 'TX' });
    ids.desert = await insertProject(member.user.id, 'Desert Bloom Nursery', 'Archived', 100, { address_1: '3 Cactus Way', city: 'Las Vegas', state: 'NV' });
    // Another member's project matches every search: it must never show.
    ids.foreign = await insertProject(other.user.id, 'Harbor Point Cold Storage', 'Presentation Ready', 40, { address_1: '1200 Harbor Dr', city: 'San Diego', state: 'CA' });
    await t.db.insert(proposalTickets).values([
      { project_id: ids.mesa, status: 1, notification_user_id: member.user.id },
      // Terminal (3): not open.
      { project_id: ids.lone, status: 3, notification_user_id: member.user.id },
      { project_id: ids.foreign, status: 1, notification_user_id: other.user.id },
    ]);
  });
  const list = async (query: string, who: SignedIn = member) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/projects?${query}`, headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    return { names: (res.json() as Array<{ company_name: string }>).map((project) => project.company_name), total: Number(res.headers['x-total-count']) };
  };

  it('answers only the caller’s projects, newest updated first, with the total', async () => {
    const all = await list('');
    expect(all.total).toBe(4);
    expect(all.names).toHaveLength(4);
    expect(all.names.filter((name) => name === 'Harbor Point Cold Storage')).toHaveLength(1);
  });

  it('searches company, street address, city and id', async () => {
    expect((await list('q=harbor')).names).toEqual(['Harbor Point Cold Storage']);
    expect((await list('q=mesa%20rd')).names).toEqual(['Mesa Verde Veterinary']);
    expect((await list('q=las%20vegas')).names).toEqual(['Desert Bloom Nursery']);
    expect((await list(`q=${ids.lone}`)).names).toContain('Lone Star Tool & Die');
    expect(await list('q=no%20such%20thing')).toEqual({ names: [], total: 0 });
  });

  it('filters by repeated stage, state, stalled and an open proposal request', async () => {
    expect((await list(`stage=${encodeURIComponent('Presentation Ready')}&stage=Archived&sort=company_name`)).names).toEqual(['Desert Bloom Nursery', 'Harbor Point Cold Storage']);
    expect((await list('state=ca&sort=company_name')).names).toEqual(['Harbor Point Cold Storage', 'Mesa Verde Veterinary']);
    // Presentation Ready stalls after 21 days; the others are within their thresholds (Archived never stalls).
    expect((await list('stalled=true')).names).toEqual(['Harbor Point Cold Storage']);
    expect((await list('stalled=false&sort=company_name')).names).toEqual(['Desert Bloom Nursery', 'Lone Star Tool & Die', 'Mesa Verde Veterinary']);
    expect((await list('open_proposal=true')).names).toEqual(['Mesa Verde Veterinary']);
    expect((await list('open_proposal=false&sort=company_name')).names).toEqual(['Desert Bloom Nursery', 'Harbor Point Cold Storage', 'Lone Star Tool & Die']);
    const filtered = await list('q=e&state=CA&stalled=false&per_page=1');
    expect(filtered).toEqual({ names: ['Mesa Verde Veterinary'], total: 1 });
  });

  it('sorts by stage in pipeline order, days in stage, company and creation', async () => {
    const pipeline = ['Mesa Verde Veterinary', 'Harbor Point Cold Storage', 'Lone Star Tool & Die', 'Desert Bloom Nursery'];
    expect((await list('sort=project_stage')).names).toEqual(pipeline);
    expect((await list('sort=-project_stage')).names).toEqual([...pipeline].reverse());
    expect((await list('sort=days_in_stage')).names).toEqual(['Mesa Verde Veterinary', 'Lone Star Tool & Die', 'Harbor Point Cold Storage', 'Desert Bloom Nursery']);
    expect((await list('sort=-company_name')).names).toEqual(['Mesa Verde Veterinary', 'Lone Star Tool & Die', 'Harbor Point Cold Storage', 'Desert Bloom Nursery']);
    expect((await list('sort=created_at')).names).toEqual(['Harbor Point Cold Storage', 'Mesa Verde Veterinary', 'Lone Star Tool & Die', 'Desert Bloom Nursery']);
  });

  it('pages a filtered list with its total', async () => {
    const first = await list('stage=Archived&stage=Project%20Initiation&stage=Presentation%20Ready&sort=project_stage&per_page=2');
    expect(first).toEqual({ names: ['Mesa Verde Veterinary', 'Harbor Point Cold Storage'], total: 3 });
    expect(await list('stage=Archived&stage=Project%20Initiation&stage=Presentation%20Ready&sort=project_stage&per_page=2&page=2')).toEqual({ names: ['Desert Bloom Nursery'], total: 3 });
  });

  it('answers 422 with a clear message for a bad parameter', async () => {
    for (const [query, message] of [
      ['stage=Done', 'stage must be one of'],
      ['sort=owner_name', 'sort must be one of'],
      ['stalled=yes', 'stalled is true or false'],
      ['open_proposal=1', 'open_proposal is true or false'],
      [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/projects?${query}`, headers: member.auth });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().error.message, query).toContain(message);
    }
  });
});

describe('POST /api/projects: possible duplicates', () => {
  const site = { address_1: '4100 Industrial Pkwy', city: 'Austin', state: 'TX', zip: '78701' };
  const create = (who: SignedIn, project: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/projects', headers: who.auth, payload: { project: { project_stage: 'Project Initiation', ...project } } });
  const countOf = async (userId: number) => (await t.db.select({ n: count() }).from(projects).where(eq(projects.user_id, userId)))[0]!.n;

  it('answers 409 possible_duplicate naming the project at the same site, and creates it with allow_duplicate', async () => {
    const partner = await t.signIn({ account_type: 'referral_partner' });
    const first = await create(partner, { company_name: 'Pacific Fastener Supply', ...site });
    expect(first.statusCode, first.body).toBe(201);
    const existing = first.json().projectId as number;

    const again = await create(partner, { company_name: 'Pacific Fasteners Inc', ...site, address_1: '4100 industrial parkway, Suite 2', city: 'AUSTIN' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'possible_duplicate',
        message: duplicateMessage({ company_name: 'Pacific Fastener Supply', address: '4100 Industrial Pkwy' }),
        duplicate: { id: existing, company_name: 'Pacific Fastener Supply', address: '4100 Industrial Pkwy', project_stage: 'Project Initiation' },
      },
    });
    expect(again.json().error.message).toBe('You already have Pacific Fastener Supply at 4100 Industrial Pkwy. Create it anyway?');
    expect(await countOf(partner.user.id)).toBe(1);

    const anyway = await create(partner, { company_name: 'Pacific Fasteners Inc', ...site, allow_duplicate: true });
    expect(anyway.statusCode, anyway.body).toBe(201);
    expect(await countOf(partner.user.id)).toBe(2);
    expect((await create(partner, { company_name: 'X', ...site, allow_duplicate: 'yes' })).statusCode).toBe(422);
  });

  it('never matches an empty or incomplete address, nor another partner’s project', async () => {
    const partner = await t.signIn({ account_type: 'referral_partner' });
    const rival = await t.signIn({ account_type: 'referral_partner' });
    expect((await create(rival, { company_name: 'Rival', ...site })).statusCode).toBe(201);
    expect((await create(partner, { company_name: 'Mine', ...site })).statusCode).toBe(201);
    for (const place of [{}, {}, { address_1: '4100 Industrial Pkwy' }, { address_1: '4100 Industrial Pkwy' }, { city: 'Austin', state: 'TX' }, { city: 'Austin', state: 'TX' }]) {
      const res = await create(partner, { company_name: 'Blank', ...place });
      expect(res.statusCode, JSON.stringify(place)).toBe(201);
    }
  });

  it('does not block an edit that moves a project to an address the partner already has', async () => {
    const partner = await t.signIn({ account_type: 'referral_partner' });
    expect((await create(partner, { company_name: 'One', ...site })).statusCode).toBe(201);
    const second = await create(partner, { company_name: 'Two', ...site, address_1: '1 Elsewhere St' });
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/projects/${second.json().projectId}`, headers: partner.auth, payload: { project: { address_1: '4100 Industrial Parkway' } } });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
