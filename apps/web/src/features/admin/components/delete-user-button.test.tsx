import { USER_DELETE_REFUSALS } from '@sunin/contract';
import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { DELETE_USER_MESSAGES, DeleteUserButton } from './delete-user-button';

function renderButton() {
  saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
  return renderRoutes(
    [
      { path: '/admin/all-users/7', element: <DeleteUserButton userId={7} name="Ana Lopez" /> },
      { path: '/admin/all-users', element: <p>Members list</p> },
    ],
    { initialEntries: ['/admin/all-users/7'] },
  );
}

afterEach(() => toast.remove());

describe('admin "Delete user" (issue 34 item 2)', { timeout: 15_000 }, () => {
  it("asks for the admin's password, sends it, and goes back to the Members list", async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Lopez?' });
    expect(within(dialog).getByRole('button', { name: 'Delete user' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your password'), 'admin password{Enter}');
    expect(await screen.findByText('Members list')).toBeInTheDocument();
    expect(await screen.findByText(DELETE_USER_MESSAGES.done('Ana Lopez'))).toBeInTheDocument();
    const removal = calls.find((call) => call.method === 'DELETE');
    expect(removal?.url.pathname).toBe('/api/admin/users/7');
    expect(removal?.body).toEqual({ current_password: 'admin password' });
  });

  it("shows the server's refusal of a user who still owns projects, and stays on the page", async () => {
    const message = USER_DELETE_REFUSALS.owns('projects');
    stubFetch(() => jsonResponse({ error: { code: 'conflict', message } }, { status: 409 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'admin password{Enter}');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Members list')).not.toBeInTheDocument();
  });
});
