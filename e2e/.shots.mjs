// Screenshots of the changed screens at 390 and 1280 px (not a test; run by hand).
import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3230';
const out = process.env.OUT ?? '/tmp/shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function login(page, email, password) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20000 });
}
async function shot(page, name, path, prepare) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  if (prepare) await prepare(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  console.log('shot', name);
}
const projectId = Number(process.env.PROJECT ?? 1);
for (const width of [390, 1280]) {
  const admin = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await login(admin, 'admin@sunin.example', 'SunIn-admin-2026');
  await shot(admin, `${width}-admin-proposals`, '/admin/proposal-management?status=1&status=2');
  await shot(admin, `${width}-admin-users-search`, '/admin/all-users?q=sun&sort=-created_at');
  await shot(admin, `${width}-admin-projects-filtered`, '/admin/all-projects?stage=Project+Initiation&stage=Site+Survey+and+Finalization&sort=company_name', async (page) => {
    const boxes = page.getByRole('checkbox', { name: /Select project/ });
    if ((await boxes.count()) > 1) { await boxes.nth(0).check(); await boxes.nth(1).check(); }
  });
  await shot(admin, `${width}-admin-project-detail`, `/admin/projects/${projectId}`);
  await shot(admin, `${width}-admin-project-utility`, `/admin/projects/${projectId}?tab=utility-info`);
  await shot(admin, `${width}-admin-user-detail`, '/admin/all-users/2');
  await shot(admin, `${width}-admin-estimate-settings`, '/admin/estimate-settings');
  await shot(admin, `${width}-admin-bulk-confirm`, '/admin/all-projects', async (page) => {
    const boxes = page.getByRole('checkbox', { name: /Select project/ });
    await boxes.nth(0).check(); await boxes.nth(2).check({ modifiers: ['Shift'] });
    await page.getByLabel(/stage/i).last().selectOption('Financing and Documentation').catch(() => {});
    await page.getByRole('button', { name: 'Change stage' }).click().catch(() => {});
  });
  const sales = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await login(sales, 'sales@sunin.example', 'SunIn-sales-2026');
  const first = await sales.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('session') ?? 'null');
    return token;
  });
  await shot(sales, `${width}-member-projects`, '/projects');
  const href = await sales.getByRole('link', { name: /Harbor Point|View/ }).first().getAttribute('href').catch(() => null);
  const memberProject = href?.match(/\/projects\/(\d+)/)?.[1] ?? String(projectId);
  await shot(sales, `${width}-member-project-estimate`, `/projects/${memberProject}`);
  await shot(sales, `${width}-member-print-view`, `/projects/${memberProject}/estimate`);
  await shot(sales, `${width}-member-import-dialog`, `/projects/${memberProject}?tab=utility-info`, async (page) => {
    await page.getByRole('button', { name: 'Import usage' }).click();
    await page.getByLabel('Green Button file').setInputFiles({ name: 'usage.csv', mimeType: 'text/csv', buffer: Buffer.from(['Month,kWh', ...Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')},${9000 + i * 250}`)].join('\n')) });
    await page.getByText(/One meter/).waitFor();
  });
  void first;
}
await browser.close();
