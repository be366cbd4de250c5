import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sunin/contract';
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
        company_name: '',
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

  it("shows the server's password policy message under New Password", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    stubFetch(({ url }) =>
      url.pathname === '/api/password/edit'
        ? jsonResponse({ error: { code: 'validation_failed', message: MESSAGES.passwordCommon, fields: { password: MESSAGES.passwordCommon } } }, { status: 422 })
        : jsonResponse(buildUser()),
    );
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Current Password'), 'oldpassword');
    await user.type(screen.getByLabelText('New Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(MESSAGES.passwordCommon));
    expect(alert).toHaveBeenCalledWith(`Failed with error: ${MESSAGES.passwordCommon}`);
    alert.mockRestore();
  });

  it('shows the signed-in sessions under a Security heading (issue 13 item 4)', async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/user/sessions'
        ? jsonResponse([{ id: 1, created_at: '2025-01-05T10:00:00.000Z', last_used_at: '2025-01-05T10:00:00.000Z', user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', ip: '203.0.113.5', current: true }])
        : jsonResponse(buildUser()),
    );
    renderProfile();
    const security = await screen.findByRole('region', { name: 'Security' });
    const sessions = within(security).getByRole('region', { name: "Where you're signed in" });
    expect(await within(sessions).findByText('Firefox on Linux')).toBeInTheDocument();
    expect(within(sessions).getByText('This device')).toBeInTheDocument();
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

describe("profile page: Billing Information (member-app.md 2 'Profile', issue 6)", () => {
  function renderBilling(profile: ReturnType<typeof buildUser>, subscription: object | null) {
    saveSession('jwt', profile);
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/billing/subscription') return jsonResponse({ subscription });
      if (url.pathname === '/api/billing/portal') return jsonResponse({ url: '/billing' });
      return jsonResponse(profile);
    });
    const rendered = renderRoutes(
      [
        { path: '/profile', element: <ProfilePage /> },
        { path: '/billing', element: <p>Billing page</p> },
      ],
      { initialEntries: ['/profile'] },
    );
    return { ...rendered, calls };
  }

  const subscription = { provider: 'local', plan: 'monthly', status: 'active', cancel_at_period_end: false, current_period_end: '2025-03-05T10:00:00.000Z', trial_end: null };

  it('shows the current plan, the status and the renewal date, and opens the billing portal', async () => {
    const { user, router, calls } = renderBilling(
      buildUser({ account_type: 'sales_partner', subscription_status: 'active', subscription_end_date: '2025-03-05T10:00:00.000Z' }),
      subscription,
    );
    const billing = await screen.findByRole('region', { name: 'Billing Information' });
    expect(await within(billing).findByText('Sales Partner — $129/month')).toBeInTheDocument();
    expect(within(billing).getByText('Active')).toBeInTheDocument();
    expect(within(billing).getByText('Renews on')).toBeInTheDocument();
    expect(within(billing).getByText('March 5, 2025')).toBeInTheDocument();

    await user.click(within(billing).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(calls.find((call) => call.url.pathname === '/api/billing/portal')?.method).toBe('POST');
  });

  it('says when a canceled-at-period-end subscription ends', async () => {
    renderBilling(
      buildUser({ account_type: 'sales_partner', subscription_status: 'pending_cancelation', subscription_end_date: '2025-03-05T10:00:00.000Z' }),
      { ...subscription, plan: 'yearly', status: 'pending_cancelation', cancel_at_period_end: true },
    );
    const billing = await screen.findByRole('region', { name: 'Billing Information' });
    expect(await within(billing).findByText('Sales Partner — $1,399/year')).toBeInTheDocument();
    expect(within(billing).getByText('Ends on')).toBeInTheDocument();
    expect(within(billing).getByText('Active (cancels at the end of the period)')).toBeInTheDocument();
  });

  it('offers the checkout to a sales partner who has not paid', async () => {
    renderBilling(buildUser({ account_type: 'sales_partner', subscription_status: null }), null);
    const billing = await screen.findByRole('region', { name: 'Billing Information' });
    expect(await within(billing).findByRole('link', { name: 'Subscribe — $129/month' })).toHaveAttribute('href', '/checkout');
    expect(within(billing).getByText('No subscription')).toBeInTheDocument();
  });
});
