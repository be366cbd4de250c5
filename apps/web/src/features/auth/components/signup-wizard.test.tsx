import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { SignupPage } from '../routes/signup-page';

type Handler = (call: FetchCall) => Response | undefined;

/** Email and username are free unless a test says otherwise. */
function network(extra: Handler = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url.pathname === '/api/email-is-valid') return jsonResponse({ validEmail: true });
    if (call.url.pathname === '/api/username-is-valid') return jsonResponse({ validUsername: true });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
}

function renderSignup() {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/home', element: <p>Home page</p> },
      { path: '/checkout', element: <p>Checkout page</p> },
    ],
    { initialEntries: ['/signup'] },
  );
}

type User = ReturnType<typeof renderSignup>['user'];

async function choosePlan(user: User, plan: RegExp) {
  await user.click(screen.getByRole('radio', { name: plan }));
}

/** Next on step 1: the rest of the wizard loads (signup-wizard.tsx) and opens on step 2. */
async function leavePlanStep(user: User) {
  await user.click(screen.getByRole('button', { name: 'Next' }));
  // The heading appears in one render and takes focus in an effect after it.
  const heading = await screen.findByRole('heading', { name: 'Referral' });
  await waitFor(() => expect(heading).toHaveFocus());
}

async function fillPersonal(user: User, overrides: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'First Name': 'jane',
    'Last Name': "o'neil-smith",
    Username: 'JaneS',
    Email: 'Jane@Example.com',
    'Phone Number': '5125550100',
    Password: 'sunshine1',
    'Confirm Password': 'sunshine1',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

async function fillAddress(user: User) {
  await user.type(screen.getByLabelText('Address Line 1'), '100 Congress Ave');
  await user.type(screen.getByLabelText('City'), 'san antonio');
  await user.type(screen.getByLabelText('State'), 'tx');
  await user.type(screen.getByLabelText('ZIP'), '78701');
}

describe('signup wizard (member-app.md 2 and 5)', () => {
  it('shows the consents, pre-checked, only after a plan is picked, and Next only while all three are checked', async () => {
    network();
    const { user } = renderSignup();

    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await choosePlan(user, /Referral Partner/);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    for (const box of boxes) expect(box).toBeChecked();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();

    await user.click(boxes[2]!);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(boxes[2]!);
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('has 4 progress steps for a referral partner and 5 for a sales partner', async () => {
    network();
    const { user } = renderSignup();

    await choosePlan(user, /Referral Partner/);
    const bar = screen.getByRole('progressbar', { name: 'Signup progress' });
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(bar).toHaveAttribute('aria-valuenow', '1');

    await choosePlan(user, /Sales Partner/);
    expect(screen.getByRole('progressbar', { name: 'Signup progress' })).toHaveAttribute('aria-valuemax', '5');
    expect(within(screen.getByRole('list', { name: 'Signup steps' })).getAllByRole('listitem')).toHaveLength(5);
  });

  it('moves forward and back with Next and Previous, keeping the answers', async () => {
    network();
    const { user } = renderSignup();
    await choosePlan(user, /Sales Partner/);
    await leavePlanStep(user);

    expect(screen.getByText('Did someone refer you?')).toBeInTheDocument();
    expect(screen.queryByLabelText('Referrer Full Name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Referrer Full Name'), 'Sam Sun');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('heading', { name: 'Choose your plan' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Sales Partner/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Referrer Full Name')).toHaveValue('Sam Sun');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
  });

  it('shows the per-field messages of the contract rules and stays on step 3', async () => {
    network();
    const { user } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await fillPersonal(user, { 'Phone Number': '512-555', 'Confirm Password': 'different1' });
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Phone number must be 10 digits only.')).toBeInTheDocument();
    expect(screen.getByText('Password and password confirmation do not match.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
  });

  it('checks the lowercased email with the server after the pause and blocks Next when it is taken', async () => {
    const calls = network(({ url }) =>
      url.pathname === '/api/email-is-valid' ? jsonResponse({ validEmail: false }) : undefined,
    );
    const { user } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonal(user);

    expect(await screen.findByText('Email already taken.', {}, { timeout: 2000 })).toBeInTheDocument();
    const emailChecks = calls.filter((call) => call.url.pathname === '/api/email-is-valid');
    expect(emailChecks.at(-1)?.url.searchParams.get('email')).toBe('jane@example.com');
    // Debounced: not one request per keystroke.
    expect(emailChecks.length).toBeLessThan(4);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
  });

  it('keeps a line under Username and Email while their checks come and go, so Next does not move under a click (issue 34 item 9)', async () => {
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const calls = stubFetch(async ({ url }) => {
      if (url.pathname === '/api/email-is-valid') {
        await held;
        return jsonResponse({ validEmail: true });
      }
      return jsonResponse({ validUsername: true });
    });
    const { user } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    /** The lines under a field: its hint, its error, or the line kept for them. */
    const linesUnder = (label: string) => screen.getByLabelText(label).parentElement!.querySelectorAll(':scope > p').length;
    expect([linesUnder('Username'), linesUnder('Email')]).toEqual([1, 1]);
    await fillPersonal(user);
    await waitFor(() => expect(calls.some((call) => call.url.pathname === '/api/email-is-valid')).toBe(true), { timeout: 2000 });
    expect(screen.getByText('Checking availability…')).toBeInTheDocument();
    expect(linesUnder('Email')).toBe(1);
    answer?.();
    await waitFor(() => expect(screen.getAllByText('Available.')).toHaveLength(2));
    expect([linesUnder('Username'), linesUnder('Email')]).toEqual([1, 1]);
  });

  it('marks the username as taken too', async () => {
    network(({ url }) => (url.pathname === '/api/username-is-valid' ? jsonResponse({ validUsername: false }) : undefined));
    const { user } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Username already taken.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
  });

  it('signs a referral partner up with normalised fields and goes to /home', async () => {
    const calls = network(({ url, method }) =>
      url.pathname === '/api/signup' && method === 'POST'
        ? jsonResponse(
            { message: 'Signed up successfully.', user: { id: 9, user_name: 'janes', email: 'jane@example.com', account_type: 'referral_partner', company_role: null } },
            { status: 201, headers: { Authorization: 'Bearer new-jwt' } },
          )
        : undefined,
    );
    const { user, router } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Address' })).toBeInTheDocument();
    expect(screen.getByLabelText('Address Line 2')).toHaveValue('');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up!' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const body = calls.find((call) => call.url.pathname === '/api/signup')?.body;
    expect(body).toEqual({
      user: {
        first_name: 'Jane',
        last_name: "O'neil-Smith",
        user_name: 'janes',
        email: 'jane@example.com',
        phone_number: '5125550100',
        password: 'sunshine1',
        password_confirmation: 'sunshine1',
        referrer_name: '',
        address_1: '100 congress ave',
        address_2: '',
        city: 'San Antonio',
        state: 'TX',
        zip: '78701',
        account_type: 'referral_partner',
      },
    });
    expect(document.cookie).toContain('authorization=new-jwt');
  });

  it("labels the sales partner's last button Next, and shows the server's field errors on a conflict", async () => {
    network(({ url }) =>
      url.pathname === '/api/signup'
        ? jsonResponse(
            { error: { code: 'conflict', message: 'Username already taken.', fields: { user_name: 'Username already taken.' } } },
            { status: 409 },
          )
        : undefined,
    );
    const { user } = renderSignup();
    await choosePlan(user, /Sales Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillAddress(user);
    expect(screen.queryByRole('button', { name: 'Sign Up!' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Back on step 3 with the message under the field.
    expect(await screen.findByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username already taken.');
  });

  it("goes back to step 3 with the server's password policy message under Password", async () => {
    network(({ url }) =>
      url.pathname === '/api/signup'
        ? jsonResponse({ error: { code: 'validation_failed', message: MESSAGES.passwordPersonal, fields: { password: MESSAGES.passwordPersonal } } }, { status: 422 })
        : undefined,
    );
    const { user } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonal(user, { Password: 'Jane-Smith-2026', 'Confirm Password': 'Jane-Smith-2026' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up!' }));

    expect(await screen.findByRole('heading', { name: 'Personal information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordPersonal);
  });

  it("says 'Please ensure all fields are filled correctly.' when the last step is invalid", async () => {
    network();
    const { user } = renderSignup();
    await choosePlan(user, /Referral Partner/);
    await leavePlanStep(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Address Line 1'), '1 Main St');
    await user.type(screen.getByLabelText('ZIP'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign Up!' }));

    expect(await screen.findAllByText('Please ensure all fields are filled correctly.')).not.toHaveLength(0);
    expect(screen.getByText('ZIP code must be 5 digits, optionally followed by a dash and 4 digits.')).toBeInTheDocument();
  });

  it('links to /login', () => {
    network();
    renderSignup();
    expect(screen.getByText(/Already have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });
});
