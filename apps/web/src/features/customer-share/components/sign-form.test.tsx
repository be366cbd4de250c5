import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MESSAGES, type PublicShare, type ShareSignature } from '@sunin/contract';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { CustomerSharePage } from '../routes/customer-share-page';
import { buildPublicShare, buildSignedShare, TOKEN } from '../share-fixtures';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SIGNATURE: ShareSignature = buildSignedShare().signature!;

type SignAnswer = (call: FetchCall) => Response;

/** The public API of one link: the page, the code, the signature (answered by `onSign`) and change requests. */
function stubPublicApi({ onSign = () => jsonResponse(SIGNATURE, { status: 201 }), share = buildPublicShare() }: { onSign?: SignAnswer; share?: PublicShare } = {}) {
  let current = share;
  return stubFetch((call) => {
    const path = call.url.pathname.replace(`/api/public/shares/${TOKEN}`, '');
    if (path === '/signature/code') return jsonResponse({ message: 'We emailed a code to dana@acme.example. It works for 10 minutes.', expires_at: '2026-11-28T10:10:00.000Z' });
    if (path === '/signature') {
      const answer = onSign(call);
      if (answer.status === 201) current = buildSignedShare();
      return answer;
    }
    if (path === '/change-requests') return jsonResponse({ message: 'Thank you. Ana Lopez will get back to you.', created_at: '2026-11-28T10:00:00.000Z' }, { status: 201 });
    return jsonResponse(current);
  });
}

function renderPage() {
  return renderRoutes([{ path: '/p/:token', element: <CustomerSharePage /> }], { initialEntries: [`/p/${TOKEN}`] });
}

async function fillSigner(user: ReturnType<typeof renderPage>['user']) {
  const form = within(await screen.findByRole('region', { name: 'Accept and sign' }));
  await user.type(form.getByLabelText('Title'), 'Owner');
  await user.type(form.getByLabelText('Email'), 'dana@acme.example');
  await user.click(form.getByRole('button', { name: 'Email me a code' }));
  await user.type(await form.findByLabelText('6-digit code'), '123456');
  await user.click(form.getByLabelText(/I agree to use electronic records/));
  return form;
}

const posts = (calls: FetchCall[], suffix: string) => calls.filter((call) => call.method === 'POST' && call.url.pathname === `/api/public/shares/${TOKEN}${suffix}`);

afterEach(() => vi.restoreAllMocks());

describe('accept and sign (issue 36 item 4)', { timeout: 20_000 }, () => {
  it('emails a code to the address, then signs with the typed name; focus moves to the result', async () => {
    const calls = stubPublicApi();
    const { user } = renderPage();
    const form = within(await screen.findByRole('region', { name: 'Accept and sign' }));
    expect(form.getByLabelText('Full name')).toHaveValue('Dana Owner');
    expect(form.queryByLabelText('6-digit code')).not.toBeInTheDocument();
    expect(form.getByText(/By signing I accept this proposal/)).toBeInTheDocument();
    await fillSigner(user);
    expect(posts(calls, '/signature/code').map((call) => call.body)).toEqual([{ signature: { email: 'dana@acme.example' } }]);
    expect(form.getByText(/We emailed a code to dana@acme.example/)).toBeInTheDocument();
    const code = form.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    // Typing is the default; the preview shows the name in a script-like style.
    await user.type(form.getByLabelText('Type your full name as your signature'), 'Dana Owner');
    expect(form.getByText('Dana Owner', { selector: 'p[aria-hidden="true"]' })).toHaveStyle({ fontStyle: 'italic' });
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));

    const banner = await screen.findByRole('region', { name: 'Signed on November 27, 2026 by Dana Owner' });
    await waitFor(() => expect(banner).toHaveFocus());
    expect(posts(calls, '/signature').map((call) => call.body)).toEqual([
      { signature: { name: 'Dana Owner', title: 'Owner', email: 'dana@acme.example', code: '123456', consent: true, proposal_version: 2, typed_signature: 'Dana Owner' } },
    ]);
    expect(screen.queryByRole('button', { name: 'Sign proposal' })).not.toBeInTheDocument();
  });

  it('sends a drawn signature as a PNG data URL, and Clear forgets it', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
    const calls = stubPublicApi();
    const { user } = renderPage();
    const form = await fillSigner(user);
    await user.click(form.getByRole('radio', { name: 'Draw it' }));
    const canvas = form.getByRole('img', { name: /Signature drawing area/ });
    expect(canvas).toHaveClass('touch-none');
    expect(canvas).toHaveAccessibleDescription(/with a keyboard or screen reader, type your signature instead/);

    // Cleared, nothing is drawn: the contract's message, and nothing sent.
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    await user.click(form.getByRole('button', { name: 'Clear' }));
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));
    expect(await form.findByText(SHARE_MESSAGES.signatureRequired)).toBeInTheDocument();
    expect(posts(calls, '/signature')).toHaveLength(0);

    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));
    await screen.findByRole('region', { name: /Signed on/ });
    const body = posts(calls, '/signature')[0]!.body as { signature: Record<string, unknown> };
    expect(body.signature.drawn_signature).toBe(PNG);
    expect(body.signature).not.toHaveProperty('typed_signature');
  });

  it("checks with the contract first: the consent must be ticked and a code asked for", async () => {
    const calls = stubPublicApi();
    const { user } = renderPage();
    const form = within(await screen.findByRole('region', { name: 'Accept and sign' }));
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(SHARE_MESSAGES.codeMissing);

    await user.type(form.getByLabelText('Email'), 'dana@acme.example');
    await user.click(form.getByRole('button', { name: 'Email me a code' }));
    await user.type(await form.findByLabelText('6-digit code'), '123456');
    await user.type(form.getByLabelText('Type your full name as your signature'), 'Dana');
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));
    expect(form.getByLabelText(/I agree to use electronic records/)).toHaveAccessibleDescription(SHARE_MESSAGES.consentRequired);
    expect(form.getByLabelText('Title')).toHaveAccessibleDescription('Title is required.');
    expect(posts(calls, '/signature')).toHaveLength(0);
  });

  it("shows the server's field errors (422) at the fields", async () => {
    stubPublicApi({ onSign: () => jsonResponse({ error: { code: 'validation_failed', message: 'Check the code.', fields: { code: SHARE_MESSAGES.codeWrong } } }, { status: 422 }) });
    const { user } = renderPage();
    const form = await fillSigner(user);
    await user.type(form.getByLabelText('Type your full name as your signature'), 'Dana Owner');
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));
    await waitFor(() => expect(form.getByLabelText('6-digit code')).toHaveAccessibleDescription(SHARE_MESSAGES.codeWrong));
    expect(form.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "already signed" on a 409 and reloads the page data', async () => {
    let signedElsewhere = false;
    const calls = stubPublicApi({
      onSign: () => {
        signedElsewhere = true;
        return jsonResponse({ error: { code: 'conflict', message: SHARE_MESSAGES.alreadySigned } }, { status: 409 });
      },
    });
    const { user } = renderPage();
    const form = await fillSigner(user);
    await user.type(form.getByLabelText('Type your full name as your signature'), 'Dana Owner');
    const before = calls.filter((call) => call.method === 'GET').length;
    await user.click(form.getByRole('button', { name: 'Sign proposal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already (been )?signed/);
    expect(signedElsewhere).toBe(true);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(before));
  });
});

describe('request changes (issue 36 item 5)', { timeout: 20_000 }, () => {
  it('opens the disclosure, sends name, email and note, and shows the answer', async () => {
    const calls = stubPublicApi();
    const { user } = renderPage();
    const region = within(await screen.findByRole('region', { name: 'Request changes' }));
    await user.click(region.getByText('Ask for changes instead of signing'));
    expect(region.getByLabelText('Your name')).toHaveValue('Dana Owner');
    await user.click(region.getByRole('button', { name: 'Send request' }));
    expect(region.getByLabelText('What would you like changed?')).toHaveAccessibleDescription('The note is required.');
    await user.type(region.getByLabelText('Your email'), 'dana@acme.example');
    await user.type(region.getByLabelText('What would you like changed?'), 'Please add battery storage.');
    await user.click(region.getByRole('button', { name: 'Send request' }));
    expect(await region.findByText('Thank you. Ana Lopez will get back to you.')).toBeInTheDocument();
    expect(posts(calls, '/change-requests').map((call) => call.body)).toEqual([
      { change_request: { name: 'Dana Owner', email: 'dana@acme.example', note: 'Please add battery storage.' } },
    ]);
  });
});
