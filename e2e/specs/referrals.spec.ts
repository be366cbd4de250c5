import { expect, test } from '@playwright/test';
import { expectNoAxeViolations as axe } from '../support/axe';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 39: a referral partner refers with a link. The partner copies it from the Referrals
// page; a business owner opens it on a phone in a browser of their own and asks for the free
// savings estimate; an administrator converts the lead into a project owned by the partner; the
// partner's open Referrals page follows each step without a reload.

test('a partner copies their link; a business owner asks for an estimate on a phone; the admin converts it; the partner sees it live', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const member = await createMember(page.request);
  const company = `Referred Bakery ${member.userName}`;
  // A street of this run only: a site is one lead, whoever asks first.
  const street = `${1000 + Math.floor(Math.random() * 8000)} ${member.userName} Avenue`;

  // The partner opens Referrals and copies the link.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await logIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.getByRole('link', { name: 'Referrals' }).first().click();
  await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
  // The field itself: while the link loads, the spinner's label ("Loading your referral link…") would match a label search.
  const field = page.getByRole('textbox', { name: 'Your referral link', exact: true });
  await expect(field).toHaveValue(/\/r\/[0-9abcdefghjkmnpqrstvwxyz]{8}$/);
  const shown = await field.inputValue();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  const qr = page.getByRole('img', { name: /QR code of your referral link/ });
  await expect(qr).toBeVisible();
  // Drawn, not a broken image (the page's CSP decides which image sources load).
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(500);
  await expect(page.getByText('No leads yet')).toBeVisible();

  // The business owner opens the link on a phone, in a browser of their own.
  const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await owner.newPage();
  await phone.goto(new URL(copied).pathname);
  await expect(phone).toHaveURL(/\/free-estimate$/);
  expect((await owner.cookies()).map((cookie) => cookie.name)).toContain('sunin_ref');
  await expect(phone.getByRole('heading', { name: 'Get your free solar savings estimate', level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(phone);
  await axe(phone, 'the free estimate form at 390 px');
  const form = phone.getByRole('form', { name: 'Get your free solar savings estimate' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact name').fill('Robin Baker');
  await form.getByLabel('Email').fill(`robin.${member.userName}@bakery.example`);
  await form.getByLabel('Phone').fill('(512) 555-1370');
  await form.getByLabel('Site street address').fill(street);
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State').selectOption('TX');
  await form.getByLabel('ZIP code').fill('78701');
  await form.getByLabel('Utility company').fill('Austin Energy');
  await form.getByLabel('Average monthly bill ($)').fill('2400');
  await form.getByRole('button', { name: 'Get my free estimate' }).click();
  await expect(phone.getByRole('heading', { name: 'Thank you, Robin Baker!' })).toBeFocused();
  await expectNoHorizontalOverflow(phone);

  // The lead reaches the partner's open page without a reload.
  const leads = page.getByRole('list', { name: 'Your leads' });
  const lead = leads.getByRole('listitem').filter({ hasText: company });
  await expect(lead.getByText('New', { exact: true })).toBeVisible();
  await expect(lead.getByText('Referral link')).toBeVisible();
  // The partner sees who and where, never the owner's email or phone.
  await expect(lead).not.toContainText('bakery.example');
  await expect(lead).not.toContainText('(512)');

  // An administrator converts it from the leads queue.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/login');
  await logIn(adminPage, DEMO.admin.email, DEMO.admin.password);
  await expect(adminPage).not.toHaveURL(/\/login/);
  await adminPage.getByRole('link', { name: 'Leads' }).first().click();
  await expect(adminPage).toHaveURL(/\/admin\/leads/);
  await adminPage.getByLabel('Search leads').fill(company);
  const actions = adminPage.getByRole('group', { name: `Actions for ${company}` });
  await actions.getByRole('button', { name: 'Convert' }).click();
  const confirm = adminPage.getByRole('dialog', { name: `Convert ${company}` });
  await expect(confirm).toContainText(`${member.firstName} ${member.lastName}`);
  await confirm.getByRole('button', { name: 'Convert to a project' }).click();
  const done = adminPage.getByRole('dialog', { name: 'Lead converted' });
  await done.getByRole('link', { name: /Open the project/ }).click();
  await expect(adminPage).toHaveURL(/\/admin\/projects\/\d+$/);
  await expect(adminPage.getByRole('heading', { name: company })).toBeVisible();

  // The partner's page follows: converted, with the project's stage, still without a reload.
  await expect(lead.getByText('Converted', { exact: true })).toBeVisible();
  await expect(lead.getByRole('link', { name: 'Project Initiation' })).toBeVisible();
  await expect(leads.getByRole('listitem').filter({ hasText: company })).toHaveCount(1);
  await expect(page.getByText('No leads yet')).toHaveCount(0);

  // And at 390 px the page holds its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalOverflow(page);
  await axe(page, 'the Referrals page at 390 px');
  await owner.close();
  await adminContext.close();
});
