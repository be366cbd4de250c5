import { SIGNATURE_ACCEPTANCE_TEXT, SIGNATURE_CONSENT_TEXT } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../test/fixtures.js';
import { buildSignedPdf, canonicalJson, sha256Hex, SIGNED_CONTENT_FILENAME, type SignatureCertificate, type SignedContent } from './signed-pdf.js';

const content: SignedContent = {
  document_id: '6f1c1a52-0a57-4c57-9d43-3f0e0b9f8c11',
  signed_at: '2026-11-28T10:15:00.000Z',
  sunin: { name: 'SunIn', website: 'http://portal.test' },
  partner: { name: 'Pat Partner', company_name: 'Bright Sales LLC', phone_number: '555-0100', email: 'pat@example.com' },
  customer: { company_name: 'Acme Foods', industry: 'Food processing', site_address: '1 Main St, Austin, TX 78701', utility_company: 'Austin Energy' },
  proposal: { version: 2, delivered_at: '2026-11-20T09:00:00.000Z', links: [{ title: 'Proposal v2', url: 'https://docs.example/p2' }] },
  estimate: {
    system_size_kw_dc: 212.5,
    annual_production_kwh: 308_125,
    gross_cost_usd: 446_250,
    tax_credit_usd: 133_875,
    net_cost_usd: 312_375,
    first_year_savings_usd: 27_000,
    payback_years: 11.6,
    npv_usd: 81_000,
    irr: 0.094,
    financing: [{ term_years: 10, apr: 0.0899, monthly_payment_usd: 5_650 }],
  },
  acceptance_text: SIGNATURE_ACCEPTANCE_TEXT,
  consent_text: SIGNATURE_CONSENT_TEXT,
  signer: { name: 'Dana Owner', title: 'CEO', email: 'dana@acme.example' },
  signature: { method: 'typed', typed_text: 'Dana Owner' },
};
const certificate: SignatureCertificate = {
  events: [
    { at: '2026-11-27T08:00:00.000Z', event: 'link created', detail: 'by Pat Partner' },
    { at: '2026-11-28T10:10:00.000Z', event: 'code sent', detail: 'to dana@acme.example' },
    { at: '2026-11-28T10:15:00.000Z', event: 'signed', detail: 'typed' },
  ],
  signer_address: '203.0.113.7',
  user_agent: 'Mozilla/5.0 (iPhone)',
};

/** The embedded file's stream, read from the uncompressed PDF: `stream\n...\nendstream` after its /Type /EmbeddedFile dictionary. */
function embeddedJson(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const at = text.indexOf('/Type /EmbeddedFile');
  expect(at).toBeGreaterThan(0);
  const start = text.indexOf('stream\n', at) + 'stream\n'.length;
  const end = text.indexOf('\nendstream', start);
  return Buffer.from(text.slice(start, end), 'latin1').toString('utf8');
}

describe('the signed PDF', () => {
  it('returns the SHA-256 of its own bytes, and the same bytes for the same input', async () => {
    const pdf = await buildSignedPdf(content, certificate);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.sha256).toBe(sha256Hex(pdf.bytes));
    const again = await buildSignedPdf(content, certificate);
    expect(again.sha256).toBe(pdf.sha256);
    expect(Buffer.compare(again.bytes, pdf.bytes)).toBe(0);
  });

  it('embeds the signed content as canonical JSON whose SHA-256 the certificate prints', async () => {
    const pdf = await buildSignedPdf(content, certificate);
    const text = pdf.bytes.toString('latin1');
    expect(text).toContain(`(${SIGNED_CONTENT_FILENAME})`);
    const json = embeddedJson(pdf.bytes);
    expect(json).toBe(canonicalJson(content));
    expect(JSON.parse(json)).toEqual(content);
    const recomputed = sha256Hex(json);
    expect(recomputed).toBe(pdf.contentSha256);
    // The certificate page carries the hash as text (pdfkit writes Helvetica text as hex glyph codes).
    const hexText = Buffer.from(recomputed, 'latin1').toString('hex');
    expect(text.includes(recomputed) || text.toLowerCase().includes(hexText)).toBe(true);
  });

  it('a changed byte changes the hash; a changed record changes both hashes', async () => {
    const pdf = await buildSignedPdf(content, certificate);
    const tampered = Buffer.from(pdf.bytes);
    const at = tampered.indexOf('Acme Foods');
    expect(at).toBeGreaterThan(0);
    tampered.writeUInt8(tampered.readUInt8(at) ^ 1, at);
    expect(sha256Hex(tampered)).not.toBe(pdf.sha256);
    const other = await buildSignedPdf({ ...content, estimate: { ...content.estimate, net_cost_usd: 312_376 } }, certificate);
    expect(other.contentSha256).not.toBe(pdf.contentSha256);
    expect(other.sha256).not.toBe(pdf.sha256);
  });

  it('places a drawn signature', async () => {
    const drawn = await buildSignedPdf({ ...content, signature: { method: 'drawn', png_sha256: sha256Hex(PNG_1PX) } }, certificate, PNG_1PX);
    expect(drawn.bytes.toString('latin1')).toContain('/Subtype /Image');
    expect(JSON.parse(embeddedJson(drawn.bytes)).signature).toEqual({ method: 'drawn', png_sha256: sha256Hex(PNG_1PX) });
  });

  it('keys sort the same at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,{"e":null,"f":1}]},"b":1}');
  });
});
