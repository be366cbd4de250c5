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
  });
});
