import { act, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_EMAIL_PREFERENCES, EMAIL_DIGEST_EVENT_TYPES, EMAIL_EVENT_LABELS, EMAIL_EVENT_TYPES, emailEventTypesFor, isPushEventType, type EmailDigestEventType, type EmailEventType, type EmailFrequency } from '@sunin/contract';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { NotificationsSection } from './notifications-section';

type Email = Partial<Record<EmailEventType, boolean>>;
const offered = (types: EmailEventType[]): Email => Object.fromEntries(types.map((type) => [type, DEFAULT_EMAIL_PREFERENCES[type]]));
const MEMBER_TYPES = emailEventTypesFor({ company_role: null });
const ADMIN_TYPES = emailEventTypesFor({ company_role: 'full_access_admin' });

function renderSection(path = '/profile', verified = true) {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/profile', element: <NotificationsSection email="ana@example.com" verified={verified} /> }], { initialEntries: [path] });
}

/** The push choices beside the emails (issue 41 item 3): each offered type that is pushed, on. */
const pushOf = (email: Email) => Object.fromEntries(Object.keys(email).filter(isPushEventType).map((type) => [type, true]));
const answer = (email: Email) => jsonResponse({ notification_preferences: { email, push: pushOf(email) } });

/** A server holding the preferences: PUTs change the named keys, as the API does. */
function preferencesServer(initial: Email, overrides: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined) {
  let email = { ...initial };
  const calls = stubFetch((call) => {
    const overridden = overrides(call);
    if (overridden) return overridden;
    if (call.method === 'PUT') email = { ...email, ...(call.body as { notification_preferences: { email: Email } }).notification_preferences.email };
    return answer(email);
  });
  return { calls, current: () => email };
}

/** The section's own live status line (toasts are status regions too). */
const saveStatus = () => within(screen.getByRole('group', { name: 'Notify me about' })).getByRole('status');

const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

afterEach(() => {
  toast.remove();
  vi.useRealTimers();
});

describe('profile Notifications section (issue 18 item 4)', { timeout: 15_000 }, () => {
  it("lists a labelled, described switch per event type offered to a member, each as saved", async () => {
    preferencesServer({ ...offered(MEMBER_TYPES), weekly_digest: false });
    renderSection();
    const section = screen.getByRole('region', { name: 'Notifications' });
    expect(section).toHaveAttribute('id', 'notifications');
    expect(within(section).getByText(/come to ana@example\.com by email/)).toBeInTheDocument();
    const group = await within(section).findByRole('group', { name: 'Notify me about' });
    // An email switch per type, and a push switch beside each but the weekly digest's.
    expect(within(group).getAllByRole('switch')).toHaveLength(MEMBER_TYPES.length + MEMBER_TYPES.filter(isPushEventType).length);
    expect(within(group).getByRole('switch', { name: 'Stage changes' })).toBeChecked();
    expect(within(group).getByRole('switch', { name: 'Stage changes' })).toHaveAccessibleDescription('When one of your projects moves to another stage.');
    expect(within(group).getByRole('switch', { name: 'Weekly digest' })).not.toBeChecked();
    // The administrators' two are not offered to a member.
    expect(within(group).queryByRole('switch', { name: 'New proposal requests' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('switch', { name: '48-hour promise reminders' })).not.toBeInTheDocument();
  });

  it('offers an administrator the proposal requests and reminders too, in the contract order', async () => {
    preferencesServer(offered(ADMIN_TYPES));
    renderSection();
    const group = await screen.findByRole('group', { name: 'Notify me about' });
    // The email switches (each type's push switch is named "Push: …").
    expect(within(group).getAllByRole('switch').map(accessibleName).filter((name) => !name.startsWith('Push: '))).toEqual([
      'Proposal updates',
      'Stage changes',
      'Stall alerts',
      'Earnings',
      'New proposal requests',
      '48-hour promise reminders',
      'Customer opens',
      'Customer signatures and change requests',
      'Weekly digest',
    ]);
    expect(EMAIL_EVENT_TYPES).toHaveLength(9);
  });

  it('saves a toggle at once with only that event type, and says Saved', async () => {
    const { calls, current } = preferencesServer(offered(MEMBER_TYPES));
    const { user } = renderSection();
    const stage = await screen.findByRole('switch', { name: 'Stage changes' });
    await user.click(stage);
    expect(stage).not.toBeChecked();
    expect(await within(saveStatus()).findByText('Saved')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ notification_preferences: { email: { stage_changes: false } } }]);
    expect(current().stage_changes).toBe(false);
    expect(screen.getByRole('switch', { name: 'Proposal updates' })).toBeChecked();
  });

  it('is keyboard operable: Space toggles the focused switch, and the label toggles it too', async () => {
    const { calls } = preferencesServer(offered(MEMBER_TYPES));
    const { user } = renderSection();
    const earnings = await screen.findByRole('switch', { name: 'Earnings' });
    earnings.focus();
    await user.keyboard(' ');
    expect(earnings).not.toBeChecked();
    await screen.findByText('Saved');
    await user.click(screen.getByText('Earnings'));
    expect(earnings).toBeChecked();
    await waitFor(() => expect(puts(calls)).toEqual([{ notification_preferences: { email: { earnings: false } } }, { notification_preferences: { email: { earnings: true } } }]));
  });

  it('shows Saving… while the save is on its way, the switch already moved', async () => {
    let release: () => void = () => {};
    preferencesServer(offered(MEMBER_TYPES), (call) =>
      call.method === 'PUT' ? new Promise<Response>((resolve) => (release = () => resolve(answer({ ...offered(MEMBER_TYPES), stall_alerts: false })))) : undefined,
    );
    const { user } = renderSection();
    const stall = await screen.findByRole('switch', { name: 'Stall alerts' });
    await user.click(stall);
    expect(stall).not.toBeChecked();
    expect(saveStatus()).toHaveTextContent('Saving…');
    act(() => release());
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(stall).not.toBeChecked();
  });

  it('puts the switch back and says why when the save fails', async () => {
    const { calls } = preferencesServer(offered(MEMBER_TYPES), (call) =>
      call.method === 'PUT' ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) : undefined,
    );
    const { user } = renderSection();
    const stage = await screen.findByRole('switch', { name: 'Stage changes' });
    await user.click(stage);
    expect(await screen.findByText('Boom.')).toBeInTheDocument();
    expect(stage).toBeChecked();
    expect(saveStatus()).toBeEmptyDOMElement();
    expect(puts(calls)).toHaveLength(1);
  });

  it('rolls back only the failed switch when another save succeeds meanwhile', async () => {
    preferencesServer(offered(MEMBER_TYPES), (call) => {
      const email = (call.body as { notification_preferences?: { email: Email } } | undefined)?.notification_preferences?.email;
      // No error body (a proxy's 503): the fallback text names the setting.
      return email && 'earnings' in email ? new Response(null, { status: 503 }) : undefined;
    });
    const { user } = renderSection();
    await user.click(await screen.findByRole('switch', { name: 'Weekly digest' }));
    await user.click(screen.getByRole('switch', { name: 'Earnings' }));
    expect(await screen.findByText('We could not save your choice for Earnings. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Earnings' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Weekly digest' })).not.toBeChecked();
  });

  it('says the emails wait for a verified address, and only then', async () => {
    preferencesServer(offered(MEMBER_TYPES));
    renderSection('/profile', false);
    expect(await screen.findByText(/We email only verified addresses: confirm ana@example.com/)).toBeInTheDocument();
    await screen.findByRole('switch', { name: 'Stage changes' });
  });

  it('says nothing of verification to a verified member', async () => {
    preferencesServer(offered(MEMBER_TYPES));
    renderSection();
    await screen.findByRole('switch', { name: 'Stage changes' });
    expect(screen.queryByText(/We email only verified addresses/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('resends the verification email from the section, and shows the hourly limit when reached (issue 34 item 7)', async () => {
    let sent = 0;
    const { calls } = preferencesServer(offered(MEMBER_TYPES), ({ url }) => {
      if (url.pathname !== '/api/user/verification_email') return undefined;
      sent += 1;
      return sent === 1
        ? jsonResponse({ message: 'We sent a new verification link to ana@example.com.' })
        : jsonResponse({ error: { code: 'rate_limited', message: 'You can ask for 3 verification emails an hour.' } }, { status: 429, headers: { 'Retry-After': '3000' } });
    });
    const { user } = renderSection('/profile', false);
    await user.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('We sent a new verification link to ana@example.com.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/user/verification_email')?.method).toBe('POST');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('You can ask for 3 verification emails an hour.')).toBeInTheDocument();
  });

  it('offers Retry when the preferences fail to load', async () => {
    let fail = true;
    stubFetch(() => (fail ? new Response(null, { status: 502 }) : answer(offered(MEMBER_TYPES))));
    const { user } = renderSection();
    expect(await screen.findByText('We could not load your email preferences.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Stage changes' })).toBeChecked();
  });

  it('scrolls itself into view when the address ends in #notifications (the emails link there)', async () => {
    preferencesServer(offered(MEMBER_TYPES));
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderSection('/profile#notifications');
      await screen.findByRole('switch', { name: 'Stage changes' });
      expect(scrolled).toContain('notifications');
      scrolled.length = 0;
      renderSection('/profile');
      await waitFor(() => expect(screen.getAllByRole('switch', { name: 'Stage changes' })).toHaveLength(2));
      expect(scrolled).toEqual([]);
    } finally {
      // jsdom has none of its own.
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('has a Push column: a switch beside each type but the weekly digest, saved alone (issue 41 item 3), and the This device panel', async () => {
    let push: Record<string, boolean> = pushOf(offered(MEMBER_TYPES));
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') push = { ...push, ...(call.body as { notification_preferences: { push: Record<string, boolean> } }).notification_preferences.push };
      return jsonResponse({ notification_preferences: { email: offered(MEMBER_TYPES), push } });
    });
    renderSection();
    const group = await screen.findByRole('group', { name: 'Notify me about' });
    const earnings = within(group).getByRole('switch', { name: 'Push: Earnings' });
    expect(earnings).toBeChecked();
    expect(within(group).queryByRole('switch', { name: 'Push: Weekly digest' })).not.toBeInTheDocument();
    expect(within(group).getByText('Email only')).toBeInTheDocument();
    await userEvent.setup().click(earnings);
    await waitFor(() => expect(puts(calls)).toEqual([{ notification_preferences: { push: { earnings: false } } }]));
    expect(earnings).not.toBeChecked();
    // The email switch of the same type is its own.
    expect(within(group).getByRole('switch', { name: 'Earnings' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'This device' })).toBeInTheDocument();
  });

  it('shows integrations (always emailed) with Always in the Email column and a Push switch of its own', async () => {
    let push: Record<string, boolean> = { ...pushOf(offered(MEMBER_TYPES)), integrations: true };
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') push = { ...push, ...(call.body as { notification_preferences: { push: Record<string, boolean> } }).notification_preferences.push };
      return jsonResponse({ notification_preferences: { email: offered(MEMBER_TYPES), push } });
    });
    renderSection();
    const group = await screen.findByRole('group', { name: 'Notify me about' });
    const row = within(group).getByText('Integrations').closest('li')!;
    expect(within(row).getByText('Always')).toBeInTheDocument();
    expect(within(row).getByText('Integrations emails are always sent')).toBeInTheDocument();
    expect(within(group).queryByRole('switch', { name: 'Integrations' })).not.toBeInTheDocument();
    const pushSwitch = within(row).getByRole('switch', { name: 'Push: Integrations' });
    expect(pushSwitch).toBeChecked();
    await userEvent.setup().click(pushSwitch);
    await waitFor(() => expect(puts(calls)).toEqual([{ notification_preferences: { push: { integrations: false } } }]));
    expect(pushSwitch).not.toBeChecked();
  });
});

function accessibleName(element: HTMLElement): string {
  const label = element.getAttribute('aria-label');
  if (label) return label;
  return (element.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('profile Notifications section: instant or hourly digest (issue 37 item 3)', { timeout: 15_000 }, () => {
  type Frequency = Partial<Record<EmailDigestEventType, EmailFrequency>>;
  /** An administrator's preferences with frequencies; a PUT changes the named keys, or fails when `fail` says so. */
  function adminServer(fail = false) {
    let email: Email = offered(ADMIN_TYPES);
    let frequency: Frequency = Object.fromEntries(EMAIL_DIGEST_EVENT_TYPES.map((type) => [type, 'instant']));
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') {
        if (fail) return jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 });
        const body = (call.body as { notification_preferences: { email?: Email; frequency?: Frequency } }).notification_preferences;
        email = { ...email, ...body.email };
        frequency = { ...frequency, ...body.frequency };
      }
      return jsonResponse({ notification_preferences: { email, push: pushOf(email), frequency } });
    });
    return { calls, frequency: () => frequency };
  }

  it('offers Instant and Hourly digest beside each of the four digest kinds, and saves a choice alone', async () => {
    const { calls, frequency } = adminServer();
    const { user } = renderSection();
    await screen.findByRole('group', { name: 'Notify me about' });
    const choices = screen.getAllByRole('radiogroup');
    expect(choices.map((choice) => choice.getAttribute('aria-label'))).toEqual(
      // In the list's order (the contract's event types), beside their switches.
      EMAIL_EVENT_TYPES.filter((type) => (EMAIL_DIGEST_EVENT_TYPES as readonly string[]).includes(type)).map((type) => `How “${EMAIL_EVENT_LABELS[type].label}” emails arrive`),
    );
    const requests = screen.getByRole('radiogroup', { name: 'How “New proposal requests” emails arrive' });
    expect(within(requests).getByRole('radio', { name: 'Instant' })).toBeChecked();
    await user.click(within(requests).getByRole('radio', { name: 'Hourly digest' }));
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Saved'));
    expect(puts(calls)).toEqual([{ notification_preferences: { frequency: { proposal_requests: 'hourly' } } }]);
    expect(frequency().proposal_requests).toBe('hourly');
    expect(within(requests).getByRole('radio', { name: 'Hourly digest' })).toBeChecked();
    // Keyboard: the arrow key moves the choice back, which saves too.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(frequency().proposal_requests).toBe('instant'));
  });

  it('puts the choice back and says why when the save fails', async () => {
    adminServer(true);
    const { user } = renderSection();
    const stalls = await screen.findByRole('radiogroup', { name: 'How “Stall alerts” emails arrive' });
    await user.click(within(stalls).getByRole('radio', { name: 'Hourly digest' }));
    expect(await screen.findByText('Boom.')).toBeInTheDocument();
    expect(within(stalls).getByRole('radio', { name: 'Instant' })).toBeChecked();
  });

  it('offers a member no frequency', async () => {
    preferencesServer(offered(MEMBER_TYPES));
    renderSection();
    await screen.findByRole('group', { name: 'Notify me about' });
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
