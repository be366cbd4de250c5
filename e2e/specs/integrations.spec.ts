import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations as axe } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, logIn } from '../support/people';

// Issue 40: a partner connects their own systems from a phone. They create an API token on
// /profile, see it once and use it, revoke it; then add a webhook endpoint pointing at a
// receiver this spec runs on 127.0.0.1 (loopback is allowed outside production), send a test
// event and find it delivered, signed, in the endpoint's log with the receiver's answer.

const RECEIVER_ANSWER = 'received by the e2e receiver';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a loopback port: it keeps what it is sent and answers 200 with a short text. */
async function startReceiver() {
  const requests: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(RECEIVER_ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/sunin-hooks`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The Standard Webhooks signature worked out here by hand (HMAC-SHA256 of `id.timestamp.body`
 * with the secret's base64 key), so the check does not lean on the package the server signs with.
 */
function expectedSignature(secret: string, received: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(received.headers['webhook-id'])}.${String(received.headers['webhook-timestamp'])}.${received.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a partner on a phone creates a token, uses and revokes it, then receives a signed test event on their own endpoint', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  const member = await createMember(page.request);
  const receiver = await startReceiver();
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto('/login');
    await logIn(page, member.email, member.password);
    await expect(page).not.toHaveURL(/\/login/);

    // Create a token on /profile: shown once, with Copy.
    await page.goto('/profile');
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await expect(tokens.getByText('No API tokens yet')).toBeVisible();
    const form = tokens.getByRole('form', { name: 'Create an API token' });
    // A partner is not offered the admin scope.
    await expect(form.getByLabel('Administration')).toHaveCount(0);
    await form.getByLabel('Token name').fill('E2E CRM');
    await form.getByLabel('Expires').selectOption({ label: 'In 30 days' });
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await expect(shown).toContainText('you will not see it again');
    const token = await shown.getByLabel('API token').inputValue();
    expect(token).toMatch(/^sunin_pat_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(shown.getByText('Token copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectNoHorizontalOverflow(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const row = tokens.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem').filter({ hasText: 'E2E CRM' });
    await expect(row).toContainText(`…${token.slice(-4)}`);
    await expect(row).toContainText('Never used');
    await expect(page.getByText(token)).toHaveCount(0);

    // The token works as the member (the `request` fixture carries no session cookie of the page).
    const listed = await request.get('/api/projects', { headers: { Authorization: `Bearer ${token}` } });
    expect(listed.status(), await listed.text()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(row).not.toContainText('Never used', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page);
    await axe(page, 'the profile with an API token at 390 px');

    // Revoke it, after confirming: from then on it is refused.
    await row.getByRole('button', { name: 'Revoke E2E CRM' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('The token was revoked.')).toBeVisible();
    await expect(tokens.getByText('No API tokens yet')).toBeVisible();
    const refused = await request.get('/api/projects', { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);

    // Add a webhook endpoint pointing at the receiver: its signing secret is shown once.
    await tokens.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    const add = page.getByRole('form', { name: 'Add an endpoint' });
    await expect(add.getByLabel('Company-wide (every partner’s data)')).toHaveCount(0);
    await add.getByLabel('Endpoint URL').fill(receiver.url);
    await add.getByLabel('Description').fill('E2E receiver');
    await add.getByLabel('A project is created').check();
    await add.getByLabel("A project's stage changes").check();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your endpoint’s signing secret' });
    await expect(secretDialog).toContainText('you will not see it again');
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();
    const endpoint = page.getByRole('list', { name: 'Your endpoints' }).getByRole('listitem').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('Enabled');
    await expect(endpoint).toContainText('2 events');
    await expectNoHorizontalOverflow(page);
    await axe(page, 'the Webhooks page at 390 px');

    // Send a test event from the endpoint's page: the log follows it to Succeeded.
    await endpoint.getByRole('link', { name: receiver.url }).click();
    await expect(page).toHaveURL(/\/webhooks\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: receiver.url })).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const delivery = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem').filter({ hasText: 'webhook.test' }).first();
    // The first attempt goes at once; the log reads itself again while it is pending.
    await expect(delivery.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
    await expect(delivery).toContainText('1 attempt');
    await delivery.getByText('Attempts and payload').click();
    const attempt = delivery.getByRole('list', { name: 'Attempts' }).getByRole('listitem').first();
    await expect(attempt).toContainText('HTTP 200');
    await expect(attempt.getByText(RECEIVER_ANSWER)).toBeVisible();
    await expect(delivery).toContainText('"type": "webhook.test"');
    await expectNoHorizontalOverflow(page);
    await axe(page, 'an endpoint’s delivery log at 390 px');

    // The receiver got one signed request of the Standard Webhooks shape.
    expect(receiver.requests).toHaveLength(1);
    const [received] = receiver.requests;
    expect(received!.headers['webhook-id']).toEqual(expect.any(String));
    expect(String(received!.headers['webhook-timestamp'])).toMatch(/^\d{10}$/);
    expect(String(received!.headers['webhook-signature']).split(' ')).toContain(expectedSignature(secret, received!));
    expect(JSON.parse(received!.body)).toMatchObject({ type: 'webhook.test' });
    await expect(delivery).toContainText(String(received!.headers['webhook-id']));
  } finally {
    await receiver.close();
  }
});
