import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { apiToken, auth, createProject } from '../support/api';
import { createMember, logIn } from '../support/people';

// Issue 41 items 2 and 4: a partner on a phone at a site visit with no signal adds two photos
// (JPEGs with EXIF capture time and GPS, fixtures/) and a note; they wait on the device, and
// when the connection is back each is uploaded once, the photos showing their capture time.
// Then a utility bill is scanned: the PDF appears in Files and the months typed beside the
// picture are saved.

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('offline site visit: two photos and a note wait on the device and upload once each when back online; a scanned bill becomes a file with its months', async ({ page, context, request }) => {
  const member = await createMember(request);
  const token = await apiToken(request, member.email, member.password);
  const projectId = await createProject(request, token, 'Site Visit Co');

  await page.goto('/login');
  await logIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Assets', exact: true }).click();
  await expect(page.getByText('No photos yet', { exact: true })).toBeVisible();

  // No signal: two photos, one from the camera and one from the library, and a note.
  await context.setOffline(true);
  await page.getByTestId('camera-input').setInputFiles(path.join(fixtures, 'roof-south.jpg'));
  await page.getByTestId('library-input').setInputFiles(path.join(fixtures, 'meter.jpg'));
  const waitingPhotos = page.getByRole('list', { name: 'Photos waiting to upload' });
  await expect(waitingPhotos.getByRole('listitem')).toHaveCount(2);
  await expect(waitingPhotos.getByText('Waiting to upload')).toHaveCount(2);
  await expect(waitingPhotos.getByText(/^Taken 5 Dec 2026/).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Notes', exact: true }).click();
  await page.getByRole('textbox', { name: 'New note' }).fill('Meter is in the garage, left of the door.');
  await page.getByRole('button', { name: 'Add note', exact: true }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('Waiting to upload')).toBeVisible();
  await expect(page.getByText('3 waiting to upload', { exact: true })).toBeVisible();

  // Back online: the queue sends itself, in order, once.
  await context.setOffline(false);
  await expect(page.getByText('3 waiting to upload', { exact: true })).toBeHidden();
  await expect(notes.getByText('Meter is in the garage, left of the door.')).toBeVisible();
  await expect(notes.getByText('Waiting to upload')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Assets', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Open roof-south.jpg' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open meter.jpg' })).toBeVisible();
  await expect(page.getByText(/^Taken 5 Dec 2026, \d{2}:03 · 37\.7749, -122\.4193$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Position 37\.7749, -122\.4193 on OpenStreetMap/ })).toBeVisible();

  const images = await (await request.get(`/api/projects/${projectId}/images`, { headers: auth(token) })).json();
  expect(images).toHaveLength(2);
  expect(images.map((image: { name: string }) => image.name).sort()).toEqual(['meter.jpg', 'roof-south.jpg']);
  const roof = images.find((image: { name: string }) => image.name === 'roof-south.jpg');
  expect(roof).toMatchObject({ taken_at: '2026-12-05T13:03:00.000Z', content_type: 'image/jpeg' });
  expect(roof.latitude).toBeCloseTo(37.7749, 4);
  expect(roof.longitude).toBeCloseTo(-122.4193, 4);
  // The stored photo was re-encoded on the device and stripped on the server: no EXIF left.
  const stored = Buffer.from(await (await request.get(roof.url, { headers: auth(token) })).body());
  expect(stored.includes(Buffer.from('Exif\0\0'))).toBe(false);
  expect(stored.includes(Buffer.from('E2E Camera'))).toBe(false);
  const savedNotes = await (await request.get(`/api/projects/${projectId}/notes`, { headers: auth(token) })).json();
  expect(savedNotes.map((note: { body: string }) => note.body)).toEqual(['Meter is in the garage, left of the door.']);

  // Scan a utility bill, then type the 12 months beside it and save.
  await page.getByRole('tab', { name: 'Utility Info', exact: true }).click();
  await page.getByTestId('bill-scan-input').setInputFiles(path.join(fixtures, 'utility-bill.jpg'));
  // The scan uploads at once (online); a save made while it still waits would queue behind it.
  await expect(page.getByRole('list', { name: 'Utility information waiting to upload' })).toBeHidden();
  const panel = page.getByRole('region', { name: 'Type the months from the bill' });
  await expect(panel.getByRole('img', { name: 'The scanned utility bill' })).toBeVisible();
  const months = panel.getByRole('spinbutton');
  await expect(months).toHaveCount(12);
  for (let index = 0; index < 12; index += 1) await months.nth(index).fill(String(1000 + index * 10));
  await panel.getByRole('button', { name: 'Zoom in', exact: true }).click();
  await page.getByRole('button', { name: 'Save Utility Information', exact: true }).click();
  await expect(page.getByText('Updated utility information successfully!')).toBeVisible();

  await expect
    .poll(async () => (await (await request.get(`/api/projects/${projectId}/files`, { headers: auth(token) })).json()).map((file: { name: string }) => file.name))
    .toEqual([expect.stringMatching(/^Utility bill scan \d{4}-\d{2}-\d{2}\.pdf$/)]);
  const project = await (await request.get(`/api/projects/${projectId}`, { headers: auth(token) })).json();
  expect(project.kilowatt_amounts).toEqual([Array.from({ length: 12 }, (_, index) => 1000 + index * 10)]);

  await page.getByRole('tab', { name: 'Assets', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Utility bill scan \d{4}-\d{2}-\d{2}\.pdf$/ })).toBeVisible();
});
