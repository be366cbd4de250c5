import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMember, type Person } from '../support/people';

// --- Small valid files, made here so the specs carry no binary fixtures. -------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour 8x8 RGB PNG. */
function png([r, g, b]: [number, number, number]): Buffer {
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A one-page PDF with correct cross-reference offsets. */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

// --- Sessions and projects through the API. ---------------------------------------------------

async function apiToken(request: APIRequestContext, person: Person): Promise<string> {
  const res = await request.post('/api/login', { data: { user: { email: person.email, password: person.password } } });
  expect(res.status(), await res.text()).toBe(200);
  return (res.headers()['authorization'] ?? '').replace(/^Bearer\s+/i, '');
}

/** A fresh referral partner (no subscription needed), signed in in `page` as the login page would. */
async function signedInMember(page: Page, request: APIRequestContext, baseURL: string | undefined): Promise<{ person: Person; token: string }> {
  const person = await createMember(request);
  const token = await apiToken(request, person);
  const url = new URL(baseURL ?? 'http://localhost');
  await page.context().addCookies(
    [
      ['authorization', token],
      ['account_type', 'referral_partner'],
    ].map(([name, value]) => ({ name: name!, value: value!, domain: url.hostname, path: '/', sameSite: 'Strict' as const })),
  );
  return { person, token };
}

async function createProjectByApi(request: APIRequestContext, token: string, project: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: { project: { project_stage: 'Project Initiation', ...project } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { projectId: number }).projectId;
}

/** A toast by its text (while a dialog is open, Headless UI makes the rest of the page inert, toasts included). */
/** The photo the lightbox shows, by its title. */
const shownPhoto = (page: Page, name: string) => page.getByRole('dialog').getByRole('heading', { name, exact: true });

const toast = (page: Page, text: string) => page.locator('[data-rht-toaster]').getByText(text).first();

test.describe('projects', () => {
  test('a project is created through the New Project modal, its utility info edited, and the tab choice survives a reload', async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    await signedInMember(page, request, baseURL);
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Recent Projects' }).getByText('No Projects Yet')).toBeVisible();

    await page.getByRole('button', { name: 'New Project', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'New Project' });
    await expect(modal.getByRole('heading', { name: 'Step 1 of 4: Company & Account' })).toBeVisible();
    await modal.getByLabel('Company Name').fill('Sunny Foods E2E');
    await modal.getByLabel('Address Line 1').fill('100 Main St');
    await modal.getByLabel('City').fill('Austin');
    await modal.getByLabel('State').fill('TX');
    await modal.getByLabel('ZIP').fill('78701');
    await modal.getByRole('button', { name: 'Next' }).click();

    await modal.getByLabel('Shade Interference').selectOption('Yes');
    await modal.getByLabel('Shade Description').fill('Two oaks on the south side');
    await modal.getByLabel('Type of Roof').selectOption('Flat Roof');
    await modal.getByLabel('Age of Roof').selectOption('6-10 Years');
    await modal.getByRole('button', { name: 'Next' }).click();

    await modal.getByLabel('Utility Company').fill('Austin Energy');
    await modal.getByLabel('Power Bill Received?').selectOption('Yes');
    const bill = modal.getByLabel('Average Monthly Power Bill Cost');
    await bill.pressSequentially('$1,234.56');
    await expect(bill).toHaveValue('1234.56');
    const meter1 = modal.getByRole('group', { name: 'Meter 1' });
    for (let month = 1; month <= 12; month += 1) await meter1.getByLabel(new RegExp(`, Month ${month}$`)).fill('100');
    await modal.getByRole('button', { name: 'Add Meter' }).click();
    const meter2 = modal.getByRole('group', { name: 'Meter 2' });
    for (let month = 1; month <= 12; month += 1) await meter2.getByLabel(new RegExp(`, Month ${month}$`)).fill('50');
    await modal.getByRole('button', { name: 'Next' }).click();

    await expect(modal.getByRole('button', { name: 'Remove Contact 1' })).toHaveCount(0);
    const contact1 = modal.getByRole('group', { name: 'Contact 1' });
    await contact1.getByLabel('First Name').fill('Jamie');
    await contact1.getByLabel('Last Name').fill('Cole');
    await contact1.getByLabel('Email').fill('jamie@sunnyfoods.example');
    await modal.getByRole('button', { name: 'Add Contact' }).click();
    const contact2 = modal.getByRole('group', { name: 'Contact 2' });
    await contact2.getByLabel('First Name').fill('Rob');
    await contact2.getByLabel('Last Name').fill('Lee');
    await contact2.getByLabel('Phone Number').fill('5125550123');
    await modal.getByRole('button', { name: 'Submit' }).click();

    await expect(modal.getByText('Project created successfully! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Sunny Foods E2E' })).toBeVisible();
    await expect(page.getByText('Austin, TX 78701')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Project stages' }).locator('[aria-current="step"]')).toContainText('Project Initiation');

    // Site Info is the default tab; the shade description shows because shade is Yes.
    await expect(page.getByRole('tab', { name: 'Site Info' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Shade Description')).toHaveValue('Two oaks on the south side');

    await page.getByRole('tab', { name: 'Utility Info' }).click();
    const total = page.getByRole('region', { name: 'Total Annual Kilowatts' });
    await expect(total).toContainText('1,800 kWh');
    await expect(page.getByLabel('Average Monthly Power Bill Cost')).toHaveValue('1234.56');

    await page.getByLabel('Utility Company').fill('Oncor');
    await page.getByRole('group', { name: 'Meter 2' }).getByLabel('Jan 2025, Month 1').fill('150');
    await expect(total).toContainText('1,900 kWh');
    await page.getByRole('button', { name: 'Save Utility Information' }).click();
    await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
    await expect(toast(page, 'Updated utility information successfully!')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Utility Info' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Utility Company')).toHaveValue('Oncor');
    await expect(page.getByRole('region', { name: 'Total Annual Kilowatts' })).toContainText('1,900 kWh');

    await page.getByRole('tab', { name: 'Project Contacts' }).click();
    await expect(page.getByRole('tabpanel').getByText('Jamie Cole')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('Rob Lee')).toBeVisible();

    await page.goto('/home');
    const recent = page.getByRole('region', { name: 'Recent Projects' });
    await expect(recent.getByRole('link', { name: /Sunny Foods E2E/ })).toBeVisible();
    const statistic = page.getByRole('region', { name: 'Projects statistic' });
    await expect(statistic.getByText('Total projects').locator('..')).toContainText('1');
    await expect(statistic.getByText('Working').locator('..')).toContainText('1');
    await expect(statistic.getByText('Archived').locator('..')).toContainText('0');
  });

  test('links are added and deleted', async ({ page, request, baseURL }) => {
    const { token } = await signedInMember(page, request, baseURL);
    const projectId = await createProjectByApi(request, token, { company_name: 'Link Co' });
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Project Links' }).click();
    await expect(page.getByText('No links yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add Link' }).click();
    const modal = page.getByRole('dialog', { name: 'New Link' });
    await modal.getByLabel('Link Type').selectOption('Finance');
    await modal.getByLabel('Link Title').fill('Loan portal');
    await modal.getByLabel('Link URL').fill('not a url');
    await modal.getByRole('button', { name: 'Add Link' }).click();
    await expect(toast(page, 'Failed to add new link.')).toBeVisible();
    await expect(modal.getByText('Please enter a full web address starting with http:// or https://.')).toBeVisible();

    await modal.getByLabel('Link URL').fill('https://finance.example/loan');
    await modal.getByRole('button', { name: 'Add Link' }).click();
    await expect(toast(page, 'Link added successfully!')).toBeVisible();
    const link = page.getByRole('link', { name: /Loan portal/ });
    await expect(link).toHaveAttribute('href', 'https://finance.example/loan');

    await page.getByRole('button', { name: 'Delete Loan portal' }).click();
    await page.getByRole('dialog', { name: 'Delete link?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Tool deleted successfully!')).toBeVisible();
    await expect(link).toHaveCount(0);
  });

  test('photos and a PDF are uploaded, previewed in the lightbox, downloaded and deleted', async ({ page, request, baseURL }) => {
    const { token } = await signedInMember(page, request, baseURL);
    const projectId = await createProjectByApi(request, token, { company_name: 'Asset Co' });
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Assets' }).click();

    // Two photos in one pick: two parallel requests.
    const photosChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Photos' }).click();
    await (await photosChooser).setFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png([220, 40, 40]) },
      { name: 'roof.png', mimeType: 'image/png', buffer: png([40, 40, 220]) },
    ]);
    await expect(toast(page, 'Photos uploaded!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open front.png' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open roof.png' })).toBeVisible();

    const filesChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await (await filesChooser).setFiles({ name: 'utility-bill.pdf', mimeType: 'application/pdf', buffer: pdf() });
    await expect(toast(page, 'Files uploaded!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'utility-bill.pdf', exact: true })).toBeVisible();

    // The lightbox steps forward and back, wrapping at both ends (the two parallel uploads may
    // have landed in either order).
    await page.getByRole('button', { name: 'Open front.png' }).click();
    const lightbox = page.getByRole('dialog', { name: 'front.png' });
    await expect(lightbox.getByText(/^Photo [12] of 2$/)).toBeVisible();
    await expect(lightbox.getByRole('img', { name: 'front.png' })).toHaveJSProperty('naturalWidth', 8);
    const frontPosition = (await lightbox.getByText(/^Photo [12] of 2$/).textContent())!.slice(6, 7);
    await lightbox.getByRole('button', { name: 'Next photo' }).click();
    await expect(shownPhoto(page, 'roof.png')).toBeVisible();
    await expect(page.getByRole('dialog').getByText(`Photo ${frontPosition === '1' ? 2 : 1} of 2`)).toBeVisible();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(shownPhoto(page, 'front.png')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(shownPhoto(page, 'roof.png')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(shownPhoto(page, 'front.png')).toBeVisible();
    await page.getByRole('button', { name: 'Show roof.png' }).click();
    await expect(shownPhoto(page, 'roof.png')).toBeVisible();
    await page.getByRole('button', { name: 'Show front.png' }).click();
    await expect(shownPhoto(page, 'front.png')).toBeVisible();

    const photoDownload = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('link', { name: 'Download front.png' }).click();
    expect((await photoDownload).suggestedFilename()).toBe('front.png');

    // Delete from inside the preview: the confirmation opens on top of it.
    await page.getByRole('button', { name: 'Show roof.png' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete roof.png' }).click();
    await page.getByRole('dialog', { name: 'Delete photo?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(shownPhoto(page, 'front.png')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Photo 1 of 1')).toBeVisible();
    // Escape goes to the top dialog: wait until the confirmation's closing transition has
    // removed it from the page (a CSS locator counts hidden elements too), as a person would.
    await expect(page.locator('[role="dialog"]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open roof.png' })).toHaveCount(0);

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download utility-bill.pdf' }).click();
    const downloaded = await pdfDownload;
    expect(downloaded.suggestedFilename()).toBe('utility-bill.pdf');

    await page.getByRole('button', { name: 'Delete utility-bill.pdf' }).click();
    await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No files yet')).toBeVisible();

    await page.getByRole('button', { name: 'Delete front.png' }).click();
    await page.getByRole('dialog', { name: 'Delete photo?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No photos yet')).toBeVisible();
  });

  test('the projects list pages past 25 projects', async ({ page, request, baseURL }) => {
    const { token } = await signedInMember(page, request, baseURL);
    for (let n = 1; n <= 26; n += 1) await createProjectByApi(request, token, { company_name: `Paging Co ${n}`, state: 'TX' });

    await page.goto('/projects');
    await expect(page.getByText('Showing 1 to 25 of 26 results')).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(26);
    // Newest update first.
    await expect(rows.nth(1)).toContainText('Paging Co 26');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 26 to 26 of 26 results')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Paging Co 1');
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    await rows.nth(1).getByRole('link', { name: /View project/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paging Co 1' })).toBeVisible();
  });
});
