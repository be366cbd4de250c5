import { screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { ContactInformationForm, EMAIL_CHANGED_TOAST } from './contact-information-form';

/** Changing the email asks for the current password (issue 13 item 6, ASVS 7.5.1). */
function renderForm() {
  const saved = buildUser();
  saveSession('jwt', saved);
  return renderRoutes([{ path: '/profile', element: <ContactInformationForm user={saved} /> }], { initialEntries: ['/profile'] });
}

const editCall = (calls: ReturnType<typeof stubFetch>) => calls.find((call) => call.url.pathname === '/api/user/profile/edit');

// Typing addresses through user-event takes seconds on a busy machine.
describe('contact information: changing the email', { timeout: 15_000 }, () => {
  // Toasts live in a module-level store: one test's must not answer the next one's question.
  afterEach(() => toast.remove());

  it('asks for the current password only while the email differs from the saved one', async () => {
    stubFetch(() => jsonResponse(buildUser()));
    const { user } = renderForm();
    const email = await screen.findByLabelText('Email');
    expect(screen.queryByLabelText('Current Password for Email Change')).not.toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'new@example.com');
    expect(screen.getByLabelText('Current Password for Email Change')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Current Password for Email Change')).toHaveAccessibleDescription(/confirm it is you/);

    // Back to the saved address, in another case: no password asked.
    await user.clear(email);
    await user.type(email, 'ANA@example.com');
    expect(screen.queryByLabelText('Current Password for Email Change')).not.toBeInTheDocument();
  });

  it('sends the password with the new email and says the other sessions were signed out', async () => {
    const calls = stubFetch(({ url, body }) =>
      url.pathname === '/api/user/profile/edit' ? jsonResponse(buildUser({ email: (body as { user: { email: string } }).user.email })) : jsonResponse(buildUser()),
    );
    const { user } = renderForm();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(screen.getByLabelText('Current Password for Email Change'), 'Password123!');
    await user.click(screen.getByRole('button', { name: 'Save contact information' }));

    expect(await screen.findByText(EMAIL_CHANGED_TOAST, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(editCall(calls)?.body).toMatchObject({ user: { email: 'new@example.com', current_password: 'Password123!' } });
  });

  it('sends no password when the email is unchanged', async () => {
    const calls = stubFetch(() => jsonResponse(buildUser()));
    const { user } = renderForm();
    const city = await screen.findByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Dallas');
    await user.click(screen.getByRole('button', { name: 'Save contact information' }));

    expect(await screen.findByText('Updated contact information successfully!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(editCall(calls)?.body).not.toHaveProperty('user.current_password');
    expect(screen.queryByText(EMAIL_CHANGED_TOAST)).not.toBeInTheDocument();
  });

  it("shows the server's message under the password field and keeps what was typed", async () => {
    stubFetch(({ url }) =>
      url.pathname === '/api/user/profile/edit'
        ? jsonResponse(
            { error: { code: 'rule_broken', message: 'Current password is incorrect.', fields: { current_password: 'Current password is incorrect.' } } },
            { status: 422 },
          )
        : jsonResponse(buildUser()),
    );
    const { user } = renderForm();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(screen.getByLabelText('Current Password for Email Change'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Save contact information' }));

    expect(await screen.findByText('Error updating contact information!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password for Email Change')).toHaveAccessibleDescription('Current password is incorrect.');
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
  });
});
