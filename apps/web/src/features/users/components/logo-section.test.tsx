import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@sunin/contract';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { useCurrentUser } from '../../../lib/current-user';
import { ContactInformationForm } from './contact-information-form';
import { LOGO_MESSAGES, LogoSection } from './logo-section';

function LogoFromProfile() {
  const profile = useCurrentUser();
  return profile.data ? <LogoSection user={profile.data} /> : null;
}

function renderLogo() {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/profile', element: <LogoFromProfile /> }], { initialEntries: ['/profile'] });
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

describe('profile: logo for customer links (issue 36 item 2)', () => {
  afterEach(() => toast.remove());

  it('uploads the picked file as multipart `file` and previews the new logo', async () => {
    let user: User = buildUser();
    const calls = stubFetch(({ url, method }) => {
      if (url.pathname === '/api/user/logo' && method === 'POST') {
        user = { ...user, logo_url: '/api/user/logo?v=1' };
        return jsonResponse(user);
      }
      return jsonResponse(user);
    });
    const { user: person } = renderLogo();
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    await person.upload(screen.getByLabelText('Logo image'), png());
    expect(await screen.findByRole('img', { name: 'Your logo' })).toHaveAttribute('src', '/api/user/logo?v=1');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect((post?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByLabelText('Logo image')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
  });

  it.each([
    [413, 'The logo must be at most 2 MB.'],
    [415, 'The logo must be a PNG, JPEG or WebP image.'],
  ])("shows the server's message of a %i at the upload", async (status, message) => {
    stubFetch(({ method }) =>
      method === 'POST' ? jsonResponse({ error: { code: status === 413 ? 'payload_too_large' : 'unsupported_media_type', message } }, { status }) : jsonResponse(buildUser()),
    );
    const { user } = renderLogo();
    await user.upload(await screen.findByLabelText('Logo image'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('refuses a file over 2 MB before sending it', async () => {
    const calls = stubFetch(() => jsonResponse(buildUser()));
    const { user } = renderLogo();
    await user.upload(await screen.findByLabelText('Logo image'), png(2 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGO_MESSAGES.tooLarge);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('removes the logo only after the confirmation', async () => {
    let user: User = buildUser({ logo_url: '/api/user/logo?v=1' });
    const calls = stubFetch(({ method }) => {
      if (method === 'DELETE') {
        user = { ...user, logo_url: null };
        return new Response(null, { status: 204 });
      }
      return jsonResponse(user);
    });
    const { user: person } = renderLogo();
    await person.click(await screen.findByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your logo?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/user/logo']);
  });
});

describe('profile: company name (issue 36 item 2)', { timeout: 15_000 }, () => {
  afterEach(() => toast.remove());

  it('sends company_name with the contact information', async () => {
    const saved = buildUser({ company_name: 'Old Co' });
    saveSession('jwt', saved);
    const calls = stubFetch(({ body }) => jsonResponse({ ...saved, ...(body as { user?: Partial<User> } | undefined)?.user }));
    const { user } = renderRoutes([{ path: '/profile', element: <ContactInformationForm user={saved} /> }], { initialEntries: ['/profile'] });
    const company = await screen.findByLabelText('Company name');
    expect(company).toHaveValue('Old Co');
    await user.clear(company);
    await user.type(company, 'Bright Solar LLC');
    await user.click(screen.getByRole('button', { name: 'Save contact information' }));
    await waitFor(() => expect(calls.find((call) => call.url.pathname === '/api/user/profile/edit')?.body).toMatchObject({ user: { company_name: 'Bright Solar LLC' } }), { timeout: 3000 });
  });
});
