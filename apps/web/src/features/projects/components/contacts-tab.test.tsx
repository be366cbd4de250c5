import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Contact } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildContact, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ContactPage } from '../routes/contact-page';
import { ContactsTab } from './contacts-tab';

function renderContacts() {
  saveSession('jwt', buildUser());
  return renderRoutes([
    { path: '/', element: <ContactsTab projectId={7} /> },
    { path: '/projects/:id/contacts/:contactId', element: <ContactPage /> },
  ]);
}

const failure = (status = 500) => jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status });

/** A contacts API for project 7 holding `initial`; `fail` makes the named operation fail. */
function stubContactsApi(initial: Contact[], fail: Partial<Record<'create' | 'update' | 'delete' | 'get', true>> = {}) {
  let contacts = [...initial];
  return stubFetch(({ url, method, body }) => {
    const match = /^\/api\/projects\/7\/contacts(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return jsonResponse([]);
    const id = match[1] ? Number(match[1]) : null;
    if (method === 'GET' && id === null) return jsonResponse(contacts);
    if (method === 'GET') return fail.get ? failure() : jsonResponse(contacts.find((contact) => contact.id === id));
    if (method === 'POST') {
      if (fail.create) return failure();
      const created = buildContact({ ...(body as { contact: Partial<Contact> }).contact, id: 99 });
      contacts = [...contacts, created];
      return jsonResponse(created, { status: 201 });
    }
    if (method === 'PATCH') {
      if (fail.update) return failure();
      const updated = { ...contacts.find((contact) => contact.id === id)!, ...(body as { contact: Partial<Contact> }).contact, updated_at: new Date().toISOString() };
      contacts = contacts.map((contact) => (contact.id === id ? updated : contact));
      return jsonResponse(updated);
    }
    if (fail.delete) return failure();
    contacts = contacts.filter((contact) => contact.id !== id);
    return new Response(null, { status: 204 });
  });
}

describe('contacts tab on a poor signal (issue 41)', () => {
  it('keeps the contacts it showed when a refresh fails, and says so', async () => {
    let down = false;
    stubFetch(({ url }) => (down ? Promise.reject(new TypeError('Failed to fetch')) : url.pathname === '/api/projects/7/contacts' ? jsonResponse([buildContact({ contact_first_name: 'Rosa', contact_last_name: 'Diaz' })]) : jsonResponse([])));
    saveSession('jwt', buildUser());
    const { queryClient } = renderRoutes([{ path: '/', element: <ContactsTab projectId={7} /> }]);
    expect(await screen.findByText('Rosa Diaz')).toBeInTheDocument();
    down = true;
    await queryClient.refetchQueries();
    expect(await screen.findByText('Could not refresh: showing what you last saw.')).toBeInTheDocument();
    expect(screen.getByText('Rosa Diaz')).toBeInTheDocument();
    expect(screen.queryByText('We could not load the contacts.')).not.toBeInTheDocument();
  });
});

describe('Project Contacts tab (member-app.md 2)', () => {
  it("adds a contact through the New Contact modal: 'Contact added successfully!'", async () => {
    const calls = stubContactsApi([]);
    const { user } = renderContacts();
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    const modal = await screen.findByRole('dialog', { name: 'New Contact' });
    await user.type(within(modal).getByLabelText('First Name'), 'Jamie');
    await user.type(within(modal).getByLabelText('Last Name'), 'Cole');
    expect(within(modal).getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.type(within(modal).getByLabelText('Email'), 'jamie@sunny.example');
    await user.click(within(modal).getByRole('button', { name: 'Add Contact' }));

    expect(await screen.findByText('Contact added successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Jamie Cole')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      contact: {
        contact_first_name: 'Jamie',
        contact_last_name: 'Cole',
        contact_title: '',
        contact_email: 'jamie@sunny.example',
        contact_phone_number: '',
        contact_notes: '',
        project_id: 7,
      },
    });
  });

  it("keeps the New Contact form on failure: 'Failed to add new contact.'", async () => {
    stubContactsApi([], { create: true });
    const { user } = renderContacts();
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
    const modal = await screen.findByRole('dialog', { name: 'New Contact' });
    await user.type(within(modal).getByLabelText('First Name'), 'Jamie');
    await user.click(within(modal).getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Failed to add new contact.')).toBeInTheDocument();
    expect(within(modal).getByLabelText('First Name')).toHaveValue('Jamie');
  });

  it("views and edits a contact (PATCH): 'Contact updated successfully!'", async () => {
    const calls = stubContactsApi([buildContact()]);
    const { user } = renderContacts();
    await user.click(await screen.findByRole('button', { name: 'View Jamie Cole' }));
    const modal = await screen.findByRole('dialog', { name: 'View Contact' });
    const title = await within(modal).findByLabelText('Title');
    expect(title).toHaveValue('Facilities Manager');
    await user.clear(title);
    await user.type(title, 'Owner');
    await user.click(within(modal).getByRole('button', { name: 'Save Contact' }));

    expect(await screen.findByText('Contact updated successfully!')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/projects/7/contacts/11');
    expect((patch?.body as { contact: { contact_title: string } }).contact.contact_title).toBe('Owner');
    expect(await screen.findByText('Owner')).toBeInTheDocument();
  });

  it("says 'Failed to load contact details.' when a contact cannot be loaded", async () => {
    stubContactsApi([buildContact()], { get: true });
    const { user } = renderContacts();
    await user.click(await screen.findByRole('button', { name: 'View Jamie Cole' }));
    await waitFor(() => expect(screen.getAllByText('Failed to load contact details.')).toHaveLength(2));
  });

  it("deletes after confirming: 'Contact deleted successfully!'; a failure says 'Failed to delete contact.'", async () => {
    const calls = stubContactsApi([buildContact(), buildContact({ id: 12, contact_first_name: 'Rob', contact_last_name: 'Lee' })]);
    const { user } = renderContacts();
    await user.click(await screen.findByRole('button', { name: 'Delete Rob Lee' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete contact?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Contact deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Rob Lee')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'DELETE')?.url.pathname).toBe('/api/projects/7/contacts/12');
  });

  it("a failed delete says 'Failed to delete contact.'", async () => {
    stubContactsApi([buildContact()], { delete: true });
    const { user } = renderContacts();
    await user.click(await screen.findByRole('button', { name: 'Delete Jamie Cole' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete contact?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete contact.')).toBeInTheDocument();
    expect(screen.getByText('Jamie Cole')).toBeInTheDocument();
  });

  it('the contact page shows one contact, edits it, and leads back to its project', async () => {
    stubContactsApi([buildContact()]);
    saveSession('jwt', buildUser());
    const { user } = renderRoutes([{ path: '/projects/:id/contacts/:contactId', element: <ContactPage /> }], {
      initialEntries: ['/projects/7/contacts/11'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jamie Cole' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Project' })).toHaveAttribute('href', '/projects/7');
    expect(document.title).toBe('Jamie Cole · SunIn');
    const notes = screen.getByLabelText('Notes');
    await user.type(notes, 'Call after 3pm');
    await user.click(screen.getByRole('button', { name: 'Save Contact' }));
    expect(await screen.findByText('Contact updated successfully!')).toBeInTheDocument();
  });

  it('shows the phone number as (512) 555-0111, dialling the digits (issue 14 item 19)', async () => {
    stubContactsApi([buildContact()]);
    renderContacts();
    const phone = await screen.findByRole('link', { name: '(512) 555-0111' });
    expect(phone).toHaveAttribute('href', 'tel:5125550111');
  });
});
