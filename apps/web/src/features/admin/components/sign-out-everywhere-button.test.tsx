import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { SignOutEverywhereButton } from './sign-out-everywhere-button';

function renderButton() {
  saveSession('jwt', buildUser({ account_type: 'admin', company_role: 'full_access_admin' }));
  return renderRoutes([{ path: '/admin/all-users/7', element: <SignOutEverywhereButton userId={7} name="Ana Lopez" /> }], {
    initialEntries: ['/admin/all-users/7'],
  });
}

afterEach(() => toast.remove());

describe('admin "Sign out everywhere" (ASVS 7.4.5)', { timeout: 15_000 }, () => {
  it('ends every session of the user after confirming and says how many', async () => {
    const calls = stubFetch(() => jsonResponse({ ended: 3 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('Ana Lopez will be signed out');
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Signed out of 3 sessions.')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['DELETE /api/admin/users/7/sessions']);
  });

  it('cancel sends nothing', async () => {
    const calls = stubFetch(() => jsonResponse({ ended: 1 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's message when it fails", async () => {
    stubFetch(() => jsonResponse({ error: { code: 'not_found', message: 'User not found.' } }, { status: 404 }));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('User not found.')).toBeInTheDocument();
  });
});
