import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ProfilePage } from './profile-page';

/** Issue 14 item 2, the profile form: the draft outlives the page, leaving asks first. */
function renderProfile() {
  saveSession('jwt', buildUser());
  stubFetch(() => jsonResponse(buildUser()));
  return renderRoutes(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/home', element: <p>Home page</p> },
    ],
    { initialEntries: ['/profile'] },
  );
}

describe('profile contact information draft (issue 14 item 2)', { timeout: 20_000 }, () => {
  it('keeps the typed city when the form is opened again, never the password, and asks before leaving', async () => {
    const first = renderProfile();
    const city = await screen.findByLabelText('City');
    await first.user.clear(city);
    await first.user.type(city, 'Dallas');
    await first.user.clear(screen.getByLabelText('Email'));
    await first.user.type(screen.getByLabelText('Email'), 'new@example.com');
    await first.user.type(screen.getByLabelText('Current Password for Email Change'), 'secret-pass');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret-pass');
    first.unmount();

    const second = renderProfile();
    expect(await screen.findByLabelText('City')).toHaveValue('Dallas');
    expect(screen.getByLabelText('Current Password for Email Change')).toHaveValue('');

    await second.router.navigate('/home');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have unsaved changes in Contact Information.');
    await second.user.click(within(dialog).getByRole('button', { name: 'Discard and leave' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });
});
