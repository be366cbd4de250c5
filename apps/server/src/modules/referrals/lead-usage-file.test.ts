import { randomBytes } from 'node:crypto';
import { LEAD_MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, type LeadRow } from '../../db/schema/index.js';
import { LEAD_LIMITS } from '../../plugins/rate-limits.js';
import { PDF_MINIMAL, PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { espiFeed } from '../usage/usage-fixtures.js';
import { daysFromNow, insertLead } from './lead-test-data.js';
import { hashUploadToken } from './lead-usage-file.service.js';

/** POST /api/public/leads/usage_file (issue 39 item 2): one Green Button file per form, judged by content. */

let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

/** A lead as the public form leaves it: the token's SHA-256 stored, an hour to use it. */
async function formWithToken(expiresAt = daysFromNow(1 / 24)): Promise<{ lead: LeadRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const lead = await insertLead(t.db, { user_id: null, state: 'CA', upload_token_hash: hashUploadToken(token), upload_expires_at: expiresAt });
  return { lead, token };
}

let address = 0;
/** Each upload from an address of its own, so the per-address limit is tested only where it is meant to be. */
function send(token: string | undefined, file: { filename: string; contentType: string; data: Buffer | string }, remoteAddress = `10.0.${Math.floor(++address / 250)}.${address % 250}`) {
  const body = multipartBody([...(token === undefined ? [] : [{ field: 'upload_token', data: token }]), { field: 'file', ...file }]);
  return t.app.inject({ method: 'POST', url: '/api/public/leads/usage_file', headers: body.headers, payload: body.payload, remoteAddress });
}

const YEAR_FEED = espiFeed({ from: '2024-01-01T08:00:00Z', hours: 366 * 24, whPerHour: 1000, powerOfTen: 0, usagePointTitle: 'Main service' });
const MONTHLY_CSV = ['Month,Usage (kWh)', ...Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')},${(index + 1) * 100}`)].join('\n');
const xml = (data: Buffer | string, filename = 'GreenButton.xml') => ({ filename, contentType: 'text/xml', data });
const rowOf = async (id: number) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0]!;

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.app.ctx.storage.list()) if (object.key.startsWith('leads/')) keys.push(object.key);
  return keys;
}

describe('a Green Button file for the form just sent', () => {
  it('reads an ESPI feed: keeps the meters it found with their months and kWh, stores the file and spends the token', async () => {
    const { lead, token } = await formWithToken();
    const res = await send(token, xml(YEAR_FEED));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ months_found: 12, meters: 1 });
    const row = await rowOf(lead.id);
    expect(row.usage?.meters).toEqual([{ name: 'Main service', months: Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`), kwh: [744, 696, 743, 720, 744, 720, 744, 744, 720, 744, 721, 744] }]);
    expect(row).toMatchObject({ upload_token_hash: null, upload_expires_at: null });
    expect(row.usage_file_key).toMatch(/^leads\/\d+\/usage\/[0-9a-f-]{36}$/);
    const stored = await t.app.ctx.storage.get(row.usage_file_key!);
    const bytes: Buffer[] = [];
    for await (const chunk of stored!) bytes.push(chunk as Buffer);
    expect(Buffer.concat(bytes).toString('utf8')).toBe(YEAR_FEED);

    // One file per token.
    const again = await send(token, xml(YEAR_FEED));
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: { code: 'gone', message: LEAD_MESSAGES.uploadExpired } });
  });

  it('reads a CSV inside a ZIP, whatever the file is called', async () => {
    const { lead, token } = await formWithToken();
    const zip = Buffer.from(zipSync({ 'usage.csv': new TextEncoder().encode(MONTHLY_CSV) }));
    const res = await send(token, { filename: 'download.bin', contentType: 'application/octet-stream', data: zip });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ months_found: 12, meters: 1 });
    expect((await rowOf(lead.id)).usage?.meters[0]?.kwh).toEqual(Array.from({ length: 12 }, (_, index) => (index + 1) * 100));
  });

  it('refuses a PDF named .xml and an image by their content, stores nothing, and leaves the token for the right file', async () => {
    const { lead, token } = await formWithToken();
    const before = await storedKeys();
    const pdf = await send(token, xml(PDF_MINIMAL, 'usage.xml'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe('The file is a PDF document, not Green Button usage data: download your usage from your utility as Green Button XML or CSV (or a ZIP holding one).');
    const png = await send(token, { filename: 'usage.csv', contentType: 'text/csv', data: PNG_1PX });
    expect(png.statusCode).toBe(415);
    expect(png.json().error.message).toMatch(/^The file is an image, not Green Button usage data/);
    // Text that holds no usage: the import's own message; the stored bytes are removed.
    const text = await send(token, { filename: 'usage.csv', contentType: 'text/csv', data: 'Dear SunIn,\nplease call me.\n' });
    expect(text.statusCode).toBe(422);
    expect(text.json().error.fields).toHaveProperty('file');
    expect(await storedKeys()).toEqual(before);
    expect((await rowOf(lead.id)).usage).toBeNull();

    expect((await send(token, xml(YEAR_FEED))).statusCode).toBe(200);
  });

  it('never replaces a usage file the lead already has: a token of the same lead answers 410', async () => {
    const { lead, token } = await formWithToken();
    await t.db.update(leads).set({ usage_file_key: 'leads/earlier/usage/file' }).where(eq(leads.id, lead.id));
    const res = await send(token, xml(YEAR_FEED));
    expect(res.statusCode).toBe(410);
    expect((await rowOf(lead.id)).usage_file_key).toBe('leads/earlier/usage/file');
  });

  it('answers 410 for an expired or unknown token, 422 without one, 415 for a body that is not multipart', async () => {
    const { lead, token } = await formWithToken(daysFromNow(-1 / 1440));
    for (const res of [await send(token, xml(YEAR_FEED)), await send(randomBytes(32).toString('base64url'), xml(YEAR_FEED))]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(LEAD_MESSAGES.uploadExpired);
    }
    expect((await rowOf(lead.id)).usage_file_key).toBeNull();
    const missing = await send(undefined, xml(YEAR_FEED));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toHaveProperty('upload_token');
    const json = await t.app.inject({ method: 'POST', url: '/api/public/leads/usage_file', payload: { upload_token: token }, remoteAddress: '10.9.9.9' });
    expect(json.statusCode).toBe(415);
  });

  it(`counts uploads per address: the ${LEAD_LIMITS.uploadsPerIpPerHour + 1}th in the hour answers 429`, async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < LEAD_LIMITS.uploadsPerIpPerHour; i++) expect((await send('spent', xml('<x/>'), from)).statusCode).toBe(410);
    const over = await send('spent', xml('<x/>'), from);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await send('spent', xml('<x/>'), '192.0.2.78')).statusCode).toBe(410);
  });
});
