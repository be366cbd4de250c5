import { ALL_PROJECT_STAGES, type ProjectStage } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { phoneSearchPatterns } from './phone-search.js';

/** Issue 37 item 5: lists that find things (stage in pipeline order, owner and days sorts, phone and company search). */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url, headers });
const DAY = 86_400_000;

async function insertProject(userId: number, company: string, stage: ProjectStage, daysInStage: number, address = { address_1: '', city: '', state: 'TX', zip: '' }) {
  const [row] = await t.db
    .insert(projects)
    .values({ user_id: userId, company_name: company, project_stage: stage, stage_entered_at: new Date(Date.now() - daysInStage * DAY), ...address })
    .returning({ id: projects.id });
  return row!.id;
}

describe('All Projects sorts (issue 37 item 5)', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await t.signIn({ first_name: 'Sorta', last_name: 'Owner' });
    // Alphabetical order of the stages is not the pipeline's: Archived, Financing, Presentation, Project Completion, Project Initiation, Site Survey.
    for (const [index, stage] of [...ALL_PROJECT_STAGES].reverse().entries()) await insertProject(owner.user.id, `Stage ${stage}`, stage, index + 1);
  });
  const companies = async (query: string) => {
    const res = await get(`/api/admin/projects?owner_id=${owner.user.id}&per_page=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ company_name: string }>).map((project) => project.company_name);
  };

  it('sorts by stage in pipeline order, Archived last, and reversed with -', async () => {
    expect(await companies('sort=project_stage')).toEqual(ALL_PROJECT_STAGES.map((stage) => `Stage ${stage}`));
    expect(await companies('sort=-project_stage')).toEqual([...ALL_PROJECT_STAGES].reverse().map((stage) => `Stage ${stage}`));
  });

  it('sorts by days in stage: fewest first, most first with -', async () => {
    // Inserted with 1 day (Archived) up to 6 days (Project Initiation).
    expect(await companies('sort=days_in_stage')).toEqual([...ALL_PROJECT_STAGES].reverse().map((stage) => `Stage ${stage}`));
    expect(await companies('sort=-days_in_stage')).toEqual(ALL_PROJECT_STAGES.map((stage) => `Stage ${stage}`));
  });

  it('sorts by owner, last name then first name', async () => {
    const zoe = await t.signIn({ first_name: 'Zoe', last_name: 'Aaberg' });
    const adam = await t.signIn({ first_name: 'Adam', last_name: 'Zuniga' });
    const abe = await t.signIn({ first_name: 'Abe', last_name: 'Zuniga' });
    for (const member of [adam, zoe, abe]) await insertProject(member.user.id, `Owned by ${member.user.first_name}`, 'Project Initiation', 1);
    const names = async (sort: string) => {
      const res = await get(`/api/admin/projects?q=Owned%20by&per_page=100&sort=${sort}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ owner_name: string }>).map((project) => project.owner_name);
    };
    expect(await names('owner_name')).toEqual(['Zoe Aaberg', 'Abe Zuniga', 'Adam Zuniga']);
    expect(await names('-owner_name')).toEqual(['Adam Zuniga', 'Abe Zuniga', 'Zoe Aaberg']);
  });

  it('answers 422 naming the allowed fields for another sort', async () => {
    const res = await get('/api/admin/projects?sort=stage');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain('owner_name');
  });
});

describe('Members search and company (issue 37 item 5)', () => {
  let formatted: SignedIn;
  let digits: SignedIn;
  beforeAll(async () => {
    formatted = await t.signIn({ first_name: 'Phoebe', last_name: 'Formatted', phone_number: '(512) 555-1370', company_name: 'Pacific Fastener Supply' });
    digits = await t.signIn({ first_name: 'Digby', last_name: 'Digits', phone_number: '5125551370', company_name: 'Bay State Solar Partners' });
    await t.signIn({ first_name: 'Other', last_name: 'Phone', phone_number: '(512) 555-1371' });
  });
  const ids = async (q: string) => {
    const res = await get(`/api/admin/users?per_page=100&q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Array<{ id: number }>).map((user) => user.id).sort((a, b) => a - b);
  };

  it('finds a phone number however it is typed, stored formatted or as digits', async () => {
    const both = [formatted.user.id, digits.user.id].sort((a, b) => a - b);
    for (const typed of ['555-1370', '(512) 555-1370', '5125551370', '+1 512 555 1370', '512.555.1370', '1-512-555-1370', '5551370']) {
      expect(await ids(typed), typed).toEqual(both);
    }
    // The digits must be consecutive: 1371 is another member's.
    expect(await ids('555-1371')).not.toContain(formatted.user.id);
  });

  it("finds a partner by company name and answers it, sortable", async () => {
    expect(await ids('fastener supply')).toEqual([formatted.user.id]);
    const res = await get('/api/admin/users?per_page=100&sort=company_name');
    expect(res.statusCode).toBe(200);
    const named = (res.json() as Array<{ id: number; company_name: string }>).filter((user) => user.company_name !== '');
    expect(named.map((user) => user.company_name)).toEqual(['Bay State Solar Partners', 'Pacific Fastener Supply']);
    const reversed = (await get('/api/admin/users?per_page=100&sort=-company_name')).json() as Array<{ company_name: string }>;
    expect(reversed[0]!.company_name).toBe('Pacific Fastener Supply');
  });
});

describe('phoneSearchPatterns', () => {
  it('lays the digits over the stored formats, and is empty for a search that is not a phone number', () => {
    expect(phoneSearchPatterns('(512) 555-1370')).toEqual(expect.arrayContaining(['%5125551370%', '%512) 555-1370%', '%512-555-1370%']));
    expect(phoneSearchPatterns('555 1370')).toEqual(expect.arrayContaining(['%5551370%', '%555-1370%', '%555) 137-0%']));
    expect(phoneSearchPatterns('hana@example')).toEqual([]);
    expect(phoneSearchPatterns('12')).toEqual([]);
  });
});

describe('GET /api/admin/projects/{id}/duplicates (issue 37 item 6)', () => {
  it("lists other partners' projects at the same site, never an empty address, and 404 for no project", async () => {
    const one = await t.signIn({ first_name: 'Una', last_name: 'Site' });
    const two = await t.signIn({ first_name: 'Dua', last_name: 'Site' });
    const site = { address_1: '4100 Industrial Pkwy., Suite 200', city: 'Austin', state: 'TX', zip: '78701' };
    const first = await insertProject(one.user.id, 'Pacific Fastener Supply', 'Project Initiation', 1, site);
    const second = await insertProject(two.user.id, 'Pacific Fasteners', 'Presentation Ready', 1, { ...site, address_1: '4100 industrial parkway' });
    await insertProject(two.user.id, 'Elsewhere', 'Project Initiation', 1, { ...site, address_1: '4200 Industrial Pkwy' });
    const blank = await insertProject(one.user.id, 'No address', 'Project Initiation', 1);
    await insertProject(two.user.id, 'No address either', 'Project Initiation', 1);

    const res = await get(`/api/admin/projects/${first}/duplicates`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().duplicates).toEqual([
      expect.objectContaining({ id: second, company_name: 'Pacific Fasteners', user_id: two.user.id, owner_name: 'Dua Site', project_stage: 'Presentation Ready', address: '4100 industrial parkway, Austin, TX 78701' }),
    ]);
    expect((await get(`/api/admin/projects/${blank}/duplicates`)).json()).toEqual({ duplicates: [] });
    expect((await get('/api/admin/projects/99999999/duplicates')).statusCode).toBe(404);
    expect((await get(`/api/admin/projects/${first}/duplicates`, one.auth)).statusCode).toBe(403);
  });
});
