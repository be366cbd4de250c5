import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@sunin/contract';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { UserEditForm } from './user-edit-form';

const member: AdminUser = {
  ...buildUser({ id: 4, first_name: 'Jordan', last_name: 'Rivera', account_type: 'referral_partner', company_role: null }),
  last_activity_at: null,
  stripe_customer_id: null,
  stripe_subscription_id: null,
};

function setup() {
  const calls = stubFetch(({ body }) => jsonResponse({ ...member, ...(body as { user: Partial<AdminUser> }).user }));
  const rendered = renderRoutes([{ path: '/', element: <UserEditForm user={member} /> }]);
  const submit = () => rendered.user.click(screen.getByRole('button', { name: "Update Jordan's Information" }));
  return { calls, submit, ...rendered };
}

const puts = (calls: ReturnType<typeof setup>['calls']) => calls.filter((call) => call.method === 'PUT');

// Several select and type steps each: slow on a busy machine.
describe('user edit form (issue 14 item 18)', { timeout: 15_000 }, () => {
  it('asks before changing the account type and company role, naming both changes; Cancel saves nothing', async () => {
    const { calls, submit, user } = setup();
    await user.selectOptions(screen.getByLabelText('Account Type'), 'sales_partner');
    await user.selectOptions(screen.getByLabelText('Company Role'), 'full_access_admin');
    await submit();

    const confirm = await screen.findByRole('dialog', { name: "Change Jordan's access?" });
    expect(confirm).toHaveTextContent('Account type: Referral Partner → Sales Partner');
    expect(confirm).toHaveTextContent('Company role: None → Full Access Admin');
    expect(confirm).toHaveTextContent('Full Access Admins open the Admin Portal');
    expect(puts(calls)).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves after confirming and says what changed', async () => {
    const { calls, submit, user } = setup();
    await user.selectOptions(screen.getByLabelText('Company Role'), 'project_manager');
    await submit();
    await user.click(within(await screen.findByRole('dialog', { name: "Change Jordan's access?" })).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText("Jordan's information was saved. Company role is now Project Manager.")).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect((puts(calls)[0]!.body as { user: { company_role: string } }).user.company_role).toBe('project_manager');
  });

  it('saves other edits at once, with a success message and no question', async () => {
    const { calls, submit, user } = setup();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Houston');
    await submit();
    expect(await screen.findByText("Jordan's information was saved.")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    // A plain edit needs no password (issue 34 item 2).
    expect(puts(calls)[0]!.body).not.toHaveProperty('current_password');
  });
});

describe("the admin's own password for a powerful change (issue 34 item 2)", { timeout: 15_000 }, () => {
  const wrong = () => jsonResponse({ error: { code: 'rule_broken', message: 'Current password is incorrect.', fields: { current_password: 'Current password is incorrect.' } } }, { status: 422 });

  it('granting Full Access Admin asks for it in the dialog; a wrong one is said there, the right one is sent beside user', async () => {
    const calls = stubFetch(({ body }) => {
      const sent = body as { user: Partial<AdminUser>; current_password?: string };
      return sent.current_password === 'right one' ? jsonResponse({ ...member, ...sent.user }) : wrong();
    });
    const { user } = renderRoutes([{ path: '/', element: <UserEditForm user={member} /> }]);
    await user.selectOptions(screen.getByLabelText('Company Role'), 'full_access_admin');
    await user.click(screen.getByRole('button', { name: "Update Jordan's Information" }));

    const dialog = await screen.findByRole('dialog', { name: "Change Jordan's access?" });
    const password = within(dialog).getByLabelText('Your password');
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await waitFor(() => expect(password).toHaveFocus());
    // Keyboard only: type and press Enter.
    await user.type(password, 'wrong one{Enter}');
    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Jordan's information was saved\. Company role is now Full Access Admin\./)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls).map((call) => call.body)).toEqual([
      expect.objectContaining({ current_password: 'wrong one', user: expect.objectContaining({ company_role: 'full_access_admin' }) }),
      expect.objectContaining({ current_password: 'right one' }),
    ]);
  });

  it('a new email asks for it too and says what happens to the member', async () => {
    const calls = stubFetch(({ body }) => jsonResponse({ ...member, ...(body as { user: Partial<AdminUser> }).user }));
    const { user } = renderRoutes([{ path: '/', element: <UserEditForm user={member} /> }]);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jordan.new@example.com');
    await user.click(screen.getByRole('button', { name: "Update Jordan's Information" }));
    const dialog = await screen.findByRole('dialog', { name: "Change Jordan's email?" });
    expect(dialog).toHaveTextContent('The old address is told, and they are signed out everywhere.');
    await user.type(within(dialog).getByLabelText('Your password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({ current_password: 'my password', user: { email: 'jordan.new@example.com' } });
  });

  it('a role that grants nothing is confirmed without a password', async () => {
    const calls = stubFetch(({ body }) => jsonResponse({ ...member, ...(body as { user: Partial<AdminUser> }).user }));
    const { user } = renderRoutes([{ path: '/', element: <UserEditForm user={member} /> }]);
    await user.selectOptions(screen.getByLabelText('Company Role'), 'project_engineer');
    await user.click(screen.getByRole('button', { name: "Update Jordan's Information" }));
    const dialog = await screen.findByRole('dialog', { name: "Change Jordan's access?" });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).not.toHaveProperty('current_password');
  });
});

describe('the account types offered (issue 34 item 8)', () => {
  const optionsOf = () => within(screen.getByLabelText('Account Type')).getAllByRole('option').map((option) => option.textContent);

  it('never offers the unspecified Admin type as a new choice', () => {
    stubFetch(() => jsonResponse(member));
    renderRoutes([{ path: '/', element: <UserEditForm user={member} /> }]);
    expect(optionsOf()).toEqual(['Referral Partner', 'Sales Partner', 'Enterprise Partner', 'Administrative Partner']);
  });

  it('keeps it for a user who already holds it, read as Administrator', () => {
    stubFetch(() => jsonResponse(member));
    renderRoutes([{ path: '/', element: <UserEditForm user={{ ...member, account_type: 'admin' }} /> }]);
    expect(screen.getByLabelText('Account Type')).toHaveDisplayValue('Administrator');
    expect(optionsOf()).toEqual(['Administrator', 'Referral Partner', 'Sales Partner', 'Enterprise Partner', 'Administrative Partner']);
  });
});
