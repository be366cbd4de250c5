import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { computeEstimate, type Contact, type Project, type ProposalTicket, type StoredFile } from '@sunin/contract';
import { SiteInfoForm } from '../../features/projects/components/site-info-form';
import { saveSession } from '../../lib/session';
import { buildContact, buildProject, buildStoredFile, buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../lib/test-utils';
import { AdminProjectRoute } from './admin-project-page';

function buildTicket(overrides: Partial<ProposalTicket> = {}): ProposalTicket {
  return {
    id: 11,
    project_id: 7,
    title: 'Proposal Management Ticket',
    details: 'Please quote 200 kW',
    company_name: 'Sunny Foods',
    company_address: '100 Main St',
    status: 1,
    status_label: 'Proposal requested and pending review',
    notification_user_id: 2,
    engineer_name: '',
    admin_notes: '',
    rejection_reason: null,
    rejection_specific: null,
    proposal_links: [],
    proposal_ticket_histories: [],
    clock_started_at: null,
    due_at: null,
    delivered_at: null,
    clock_stopped_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/**
 * An in-memory admin API for project 7 (public-site-and-admin.md 7): the project with PUT, its
 * contacts and photos, and the company-wide ticket list, which also holds another project's.
 */
function stubAdminApi({ contacts = [] as Contact[], tickets = [buildTicket(), buildTicket({ id: 12, project_id: 8, company_name: 'Other Co' })], signedAt = null as string | null } = {}) {
  let project: Project = buildProject({ id: 7, company_name: 'Sunny Foods', owner_name: 'Sam Seller', signed_at: signedAt });
  let stored = [...contacts];
  let photos: StoredFile[] = [];
  let nextId = 300;
  const calls = stubFetch(({ url, method, body }) => {
    const path = url.pathname;
    if (path === '/api/admin/projects/7/estimate') return jsonResponse(computeEstimate(project));
    if (path === '/api/admin/projects/7') {
      if (method === 'PUT') project = { ...project, ...(body as { project: Partial<Project> }).project, updated_at: new Date(Date.now() + nextId++).toISOString() };
      return jsonResponse(project);
    }
    const contact = /^\/api\/admin\/projects\/7\/contacts(?:\/(\d+))?$/.exec(path);
    if (contact) {
      const id = Number(contact[1]);
      if (method === 'POST') {
        const created = buildContact({ ...(body as { contact: Partial<Contact> }).contact, id: nextId++, project_id: 7 });
        stored = [...stored, created];
        return jsonResponse(created, { status: 201 });
      }
      if (method === 'PUT') {
        stored = stored.map((row) => (row.id === id ? { ...row, ...(body as { contact: Partial<Contact> }).contact, updated_at: new Date().toISOString() } : row));
        return jsonResponse(stored.find((row) => row.id === id));
      }
      if (method === 'DELETE') {
        stored = stored.filter((row) => row.id !== id);
        return new Response(null, { status: 204 });
      }
      return jsonResponse(contact[1] ? stored.find((row) => row.id === id) : stored);
    }
    const image = /^\/api\/admin\/projects\/7\/images(?:\/(\d+))?$/.exec(path);
    if (image) {
      if (method === 'POST') {
        const file = (body as FormData).get('file') as File;
        const created = buildStoredFile({ id: nextId++, name: file.name, content_type: file.type, byte_size: file.size, url: `/api/admin/projects/7/images/${nextId}/download` });
        photos = [...photos, created];
        return jsonResponse(created, { status: 201 });
      }
      if (method === 'DELETE') {
        photos = photos.filter((row) => row.id !== Number(image[1]));
        return new Response(null, { status: 204 });
      }
      return jsonResponse(photos);
    }
    if (path === '/api/admin/proposal_tickets') {
      // The queue is paged (issue 37): the project's tickets are asked for by project_id.
      const mine = tickets.filter((ticket) => ticket.project_id === Number(url.searchParams.get('project_id')));
      return jsonResponse(mine, { headers: { 'X-Total-Count': String(mine.length) } });
    }
    if (path === '/api/admin/proposal_tickets/11' && method === 'PUT') return jsonResponse(buildTicket({ status: 2 }));
    return jsonResponse([]);
  });
  return calls;
}

function renderAdminProject() {
  saveSession('jwt', buildUser({ company_role: 'full_access_admin' }));
  return renderRoutes([{ path: '/admin/projects/:id', element: <AdminProjectRoute /> }], { initialEntries: ['/admin/projects/7'] });
}

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url.pathname}`);
const memberCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname.startsWith('/api/projects'));

afterEach(() => sessionStorage.clear());

describe('admin project detail: customer links (issue 36)', { timeout: 30_000 }, () => {
  it('says Signed with the date on the header, and lists the links through the admin API', async () => {
    const calls = stubAdminApi({ signedAt: '2026-11-27T15:00:00.000Z' });
    const { queryClient } = renderAdminProject();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sunny Foods' });
    expect(heading.parentElement).toHaveTextContent('Signed Nov 27, 2026');
    expect(await screen.findByText('No customer links yet')).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/admin/projects/7/shares')).toBe(true);
    expect(memberCalls(calls)).toEqual([]);
    // Under ['admin'], which the admin's live events refresh.
    expect(queryClient.getQueryCache().find({ queryKey: ['admin', 'projects', 'records', 7, 'shares'] })).toBeDefined();
  });
});

describe('admin project detail: the member tabs, editable through the admin API (issue 15 item 5)', { timeout: 30_000 }, () => {
  it('saves Site Info with PUT /api/admin/projects/7, refreshes the admin project and lists, and keeps the member texts', async () => {
    const calls = stubAdminApi();
    const { user, queryClient } = renderAdminProject();
    const form = await screen.findByRole('form', { name: 'Site Information' });
    // The admin list is cached (All Projects was open): the save marks it stale.
    queryClient.setQueryData(['admin', 'projects', 'list', { page: 1, perPage: 25 }], { rows: [], total: 0 });

    const company = within(form).getByLabelText('Company Name');
    await user.clear(company);
    await user.type(company, 'Sunny Foods West');
    expect(screen.getByRole('tab', { name: /Site Info \(unsaved changes\)/ })).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save Site Information' }));

    expect(await screen.findByText('Updated site information successfully!', undefined, { timeout: 5000 })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/projects/7');
    expect((put.body as { project: Partial<Project> }).project).toMatchObject({ company_name: 'Sunny Foods West' });
    expect((put.body as { project: Partial<Project> }).project).not.toHaveProperty('project_stage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunny Foods West' })).toBeInTheDocument();
    expect(queryClient.getQueryState(['admin', 'projects', 'list', { page: 1, perPage: 25 }])?.isInvalidated).toBe(true);
    expect(screen.getByRole('tab', { name: 'Site Info' })).toBeInTheDocument();
    expect(memberCalls(calls)).toEqual([]);
  });

  it('adds and edits a contact under /api/admin/projects/7/contacts with PUT, with no member contact page link', async () => {
    const calls = stubAdminApi({ contacts: [buildContact({ id: 40, project_id: 7, contact_first_name: 'Kim', contact_last_name: 'Lee', contact_phone_number: '5551234567' })] });
    const { user } = renderAdminProject();
    await user.click(await screen.findByRole('tab', { name: 'Project Contacts' }));
    expect(await screen.findByText('(555) 123-4567')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const modal = within(await screen.findByRole('dialog', { name: 'New Contact' }));
    await user.type(modal.getByLabelText('First Name'), 'Ana');
    await user.click(modal.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Contact added successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'View Ana' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Kim Lee' }));
    const view = within(await screen.findByRole('dialog', { name: 'View Contact' }));
    expect(view.queryByRole('link', { name: 'Open the contact page' })).not.toBeInTheDocument();
    await user.type(await view.findByLabelText('Title'), 'CFO');
    await user.click(view.getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Contact updated successfully!')).toBeInTheDocument();

    expect(writes(calls)).toEqual(['POST /api/admin/projects/7/contacts', 'PUT /api/admin/projects/7/contacts/40']);
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ contact: { contact_title: expect.stringContaining('CFO') } });
    expect(memberCalls(calls)).toEqual([]);
  });

  it("uploads a dropped photo and deletes it under /api/admin/projects/7/images, without the admin's own storage", async () => {
    const calls = stubAdminApi();
    const { user } = renderAdminProject();
    await user.click(await screen.findByRole('tab', { name: 'Assets' }));
    const photos = await screen.findByTestId('images-drop-zone');
    expect(await within(photos).findByText('No photos yet')).toBeInTheDocument();

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'roof.png', { type: 'image/png' });
    fireEvent.drop(photos, { dataTransfer: { files: [png] } });
    expect(await screen.findByText('Photos uploaded!')).toBeInTheDocument();
    await user.click(await within(photos).findByRole('button', { name: 'Delete roof.png' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete photo?' })).getByRole('button', { name: 'Delete' }));
    expect(await within(photos).findByText('No photos yet')).toBeInTheDocument();

    expect(writes(calls)).toEqual(['POST /api/admin/projects/7/images', expect.stringMatching(/^DELETE \/api\/admin\/projects\/7\/images\/\d+$/)]);
    expect(calls.some((call) => call.url.pathname === '/api/user/storage')).toBe(false);
    expect(memberCalls(calls)).toEqual([]);
  });

  it("lists only this project's tickets with Manage instead of the member's requests, and updates through PUT /api/admin/proposal_tickets", async () => {
    const calls = stubAdminApi({ tickets: [buildTicket({ status: 3 }), buildTicket({ id: 12, project_id: 8, company_name: 'Other Co' })] });
    const { user } = renderAdminProject();
    await user.click(await screen.findByRole('tab', { name: 'Proposal' }));
    const card = await screen.findByRole('article', { name: 'Proposal Management Ticket' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByText('Other Co')).not.toBeInTheDocument();
    const asked = calls.find((call) => call.url.pathname === '/api/admin/proposal_tickets')!.url.searchParams;
    expect([asked.get('project_id'), asked.get('include_terminal'), asked.get('per_page')]).toEqual(['7', 'true', '100']);
    // A terminal status: the member would see Request Revision; the admin manages instead.
    expect(screen.queryByRole('button', { name: /Request Revision/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Proposal' })).not.toBeInTheDocument();

    const projectGets = () => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/admin/projects/7').length;
    const before = projectGets();
    await user.click(within(card).getByRole('button', { name: 'Manage proposal 11' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Manage Proposal' }));
    await user.selectOptions(dialog.getByLabelText('New Stage'), 'Proposal accepted and assigned to engineer');
    await user.selectOptions(dialog.getByLabelText('Engineer'), 'Jordan Lee, PE');
    await user.click(dialog.getByRole('button', { name: 'Update Proposal' }));
    expect(await screen.findByText('Proposal updated successfully!')).toBeInTheDocument();

    expect(writes(calls)).toEqual(['PUT /api/admin/proposal_tickets/11']);
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({ proposal_ticket: { status: 2, engineer_name: 'Jordan Lee, PE' } });
    // The tickets and the project (its proposal_url) are fetched again.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/admin/proposal_tickets').length).toBeGreaterThan(1));
    await waitFor(() => expect(projectGets()).toBeGreaterThan(before));
    expect(memberCalls(calls)).toEqual([]);
  });
});

describe('the savings estimate below the admin tabs (issue 16)', { timeout: 30_000 }, () => {
  it("comes from /api/admin/projects/7/estimate; its 'what to fill in' link opens the admin's Utility Info tab", async () => {
    const calls = stubAdminApi();
    const { user } = renderAdminProject();
    const panel = await screen.findByRole('region', { name: 'Savings estimate' });
    expect(await within(panel).findByText(/cannot size a system/)).toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname === '/api/admin/projects/7/estimate')).toBe(true);
    expect(within(panel).getByRole('link', { name: 'Estimate Settings' })).toHaveAttribute('href', '/admin/estimate-settings');
    await user.click(within(panel).getAllByRole('link', { name: 'Open Utility Info' })[0]!);
    expect(await screen.findByRole('tab', { name: 'Utility Info', selected: true })).toBeInTheDocument();
    expect(memberCalls(calls)).toEqual([]);
  });
});

describe('the same tabs in the member area keep the member API', { timeout: 30_000 }, () => {
  it('saves Site Info with PATCH /api/projects/7', async () => {
    saveSession('jwt', buildUser());
    const project = buildProject({ id: 7 });
    const calls = stubFetch(() => jsonResponse(project));
    const { user } = renderRoutes([{ path: '/', element: <SiteInfoForm project={project} /> }]);
    await user.type(screen.getByLabelText('City'), 'ville');
    await user.click(screen.getByRole('button', { name: 'Save Site Information' }));
    expect(await screen.findByText('Updated site information successfully!', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(writes(calls)).toEqual(['PATCH /api/projects/7']);
    expect(sessionStorage.length).toBe(0);
  });
});
