import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ProfilePage } from './profile-page';

function renderProfile() {
  const user = buildUser();
  saveSession('jwt', user);
  return renderRoutes([{ path: '/profile', element: <ProfilePage /> }], { initialEntries: ['/profile'] });
}

describe('profile page (member-app.md 2 "Profile")', () => {
  it('shows the read-only profile, the billing plan and where corrections go', async () => {
    stubFetch(() => jsonResponse(buildUser()));
    renderProfile();

    const summary = await screen.findByRole('region', { name: 'Profile' });
    expect(within(summary).getByText('Ana Lopez')).toBeInTheDocument();
    expect(within(summary).getByText('Referral Partner')).toBeInTheDocument();
    expect(within(summary).getByText('January 5, 2025')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing Information' })).getByText('Referral Partner')).toBeInTheDocument();
    expect(screen.getByText(/visible to other members and to provider employees/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@sunin.example' })).toHaveAttribute('href', 'mailto:support@sunin.example');
  });

  it('saves the contact information with member_level preset and the account type carried through', async () => {
    const calls = stubFetch(({ url, body }) =>
      url.pathname === '/api/user/profile/edit'
        ? jsonResponse(buildUser({ ...(body as { user: object }).user, updated_at: '2025-02-01T00:00:00.000Z' }))
        : jsonResponse(buildUser()),
    );
    const { user } = renderProfile();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Dallas');
    await user.click(screen.getByRole('button', { name: 'Save contact information' }));

    expect(await screen.findByText('Updated contact information successfully!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/user/profile/edit')?.body).toEqual({
      user: {
        first_name: 'Ana',
        last_name: 'Lopez',
        user_name: 'ana',
        email: 'ana@example.com',
        phone_number: '5125550100',
        address_1: '1 main st',
        address_2: '',
        city: 'Dallas',
        state: 'TX',
        zip: '78701',
        member_level: 'Referral Partner',
        account_type: 'referral_partner',
      },
    });
  });

  it('keeps what was typed and shows the server field errors when saving fails', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/user/profile/edit'
        ? jsonResponse(
            { error: { code: 'validation_failed', message: 'Invalid.', fields: { phone_number: 'Phone number must be 10 digits only.' } } },
            { status: 422 },
          )
        : jsonResponse(buildUser()),
    );
    const { user } = renderProfile();
    const phone = await screen.findByLabelText('Phone Number');
    await user.clear(phone);
    await user.type(phone, '123');
    await user.click(screen.getByRole('button', { name: 'Save contact information' }));

    expect(await screen.findByText('Error updating contact information!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveValue('123');
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('Phone number must be 10 digits only.');
  });

  it("alerts 'Failed with error: ' and the message when the password change fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch(({ url }) =>
      url.pathname === '/api/password/edit'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'Current password is incorrect.' } }, { status: 422 })
        : jsonResponse(buildUser()),
    );
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Current Password'), 'oldpassword');
    await user.type(screen.getByLabelText('New Password'), 'newpassword1');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpassword1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed with error: Current password is incorrect.'));
    alert.mockRestore();
  });

  it('logs a profile fetch failure and offers Retry', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) : jsonResponse(buildUser())));
    const { user } = renderProfile();

    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(consoleError).toHaveBeenCalled();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
