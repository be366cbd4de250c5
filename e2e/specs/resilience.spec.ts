import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test';
import { waitForReact } from '../support/hydration';
import { createMember, DEMO, logIn, type Person } from '../support/people';

// Issue 14: what happens around the happy path: a dropped live connection, a second tab, a
// full page load after scrolling.

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<{ token: string; userId: number }> {
  const res = await request.post('/api/login', { data: { user: { email, password } } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { id?: number; user?: { id: number } };
  return { token: (res.headers()['authorization'] ?? '').replace(/^Bearer\s+/i, ''), userId: body.user?.id ?? body.id ?? 0 };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await waitForReact(page);
  await logIn(page, person.email, person.password);
}

test.describe('live notifications across a dropped connection', () => {
  test('a notification made while the socket was down shows once it reconnects', async ({ page, request }) => {
    test.setTimeout(120_000);
    const person = await createMember(request);
    const member = await apiLogin(request, person.email, person.password);
    const created = await request.post('/api/projects', {
      headers: auth(member.token),
      data: { project: { project_stage: 'Project Initiation', company_name: 'Reconnect Foods E2E', address_1: '9 Sun Rd', city: 'Austin', state: 'TX', zip: '78701' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { projectId: number }).projectId;
    const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password);
    const setStage = async (stage: string) => {
      const res = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(admin.token), data: { project: { project_stage: stage } } });
      expect(res.status(), await res.text()).toBe(200);
    };

    // The live connection passes through here, so the test can cut it and restore it.
    let blocked = false;
    let open: WebSocketRoute | null = null;
    await page.routeWebSocket(/\/cable/, (ws) => {
      if (blocked) {
        void ws.close();
        return;
      }
      ws.connectToServer();
      open = ws;
    });

    const unreadCount = async () => Number((await request.get(`/api/users/${member.userId}/notifications`, { headers: auth(member.token) })).headers()['x-unread-count']);
    const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');
    const atStart = await unreadCount();

    await signIn(page, person);
    await expect(page).toHaveURL(/\/home$/);
    await expect(bell(page)).toHaveAccessibleName(bellName(atStart));

    // Live while connected: the first stage change arrives as an event.
    await expect.poll(() => open !== null).toBe(true);
    await setStage('Presentation Ready');
    await expect(bell(page)).toHaveAccessibleName(bellName(atStart + 1));

    // The connection drops; a second notification is made meanwhile and its event is lost.
    blocked = true;
    await (open as WebSocketRoute | null)?.close();
    await setStage('Financing and Documentation');
    expect(await unreadCount()).toBe(atStart + 2);
    await page.waitForTimeout(3_000);
    await expect(bell(page)).toHaveAccessibleName(bellName(atStart + 1));

    // The connection comes back (ActionCable's monitor reopens it): the list is fetched afresh.
    blocked = false;
    await expect(bell(page)).toHaveAccessibleName(bellName(atStart + 2), { timeout: 60_000 });
  });
});

test.describe('checkout in two tabs', () => {
  test('both tabs can pay; the member ends with one active subscription', async ({ page, request, context }) => {
    test.setTimeout(90_000);
    const person = await createMember(request, 'sales_partner');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('Card number')).toBeVisible();

    const second = await context.newPage();
    await second.goto('/checkout');
    await expect(second.getByLabel('Card number')).toBeVisible();

    for (const tab of [page, second]) {
      await tab.getByLabel('Card number').fill('4242 4242 4242 4242');
      await tab.getByLabel('Expiration date').fill('12 / 34');
      await tab.getByLabel('Security code').fill('123');
      await tab.getByRole('button', { name: 'Subscribe — $129/month' }).click();
      await expect(tab).toHaveURL(/\/activating-now$/);
      await expect(tab.getByText('This checkout has expired')).toHaveCount(0);
    }

    const member = await apiLogin(request, person.email, person.password);
    const profile = (await (await request.get('/api/user/profile', { headers: auth(member.token) })).json()) as { subscription_status: string };
    expect(profile.subscription_status).toBe('active');
    const subscription = (await (await request.get('/api/billing/subscription', { headers: auth(member.token) })).json()) as { subscription: { status: string } | null };
    expect(subscription.subscription?.status).toBe('active');
    await expect(second.getByRole('heading', { name: 'Your account is active!' })).toBeVisible({ timeout: 20_000 });
  });
});

test.describe('scroll position on full page loads', () => {
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

  test('a typed address opens at the top; Back returns to where the page was left', async ({ page }) => {
    await page.goto('/');
    await waitForReact(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(500);
    const landingOffset = await scrollY(page);

    // As if typed into the address bar: a new document, not a client-side navigation.
    await page.goto('/pricing');
    await waitForReact(page);
    await page.waitForTimeout(300);
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await waitForReact(page);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(landingOffset - 50);
  });
});
