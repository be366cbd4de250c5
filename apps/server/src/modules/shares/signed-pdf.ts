import { createHash } from 'node:crypto';
import type { Estimate } from '@sunin/contract';
import { loadPdfKit } from '../../lib/pdfkit.js';
import type { SignatureEvent } from '../../db/schema/index.js';

/**
 * The signed proposal (issue 36 item 4; docs/decisions/040): pages 1..n show what the customer
 * signed, the last page is the certificate. A PDF cannot hold its own hash, so what was signed
 * is also written as canonical JSON (`signedContentJson`), embedded in the PDF as
 * `signed-content.json`, and the certificate prints that JSON's SHA-256. The whole file's
 * SHA-256 is returned for the evidence row, the audit trail, the answer and the email.
 */

/** What pages 1..n show, as data: the record the certificate's hash covers. */
export interface SignedContent {
  document_id: string;
  signed_at: string;
  sunin: { name: string; website: string };
  partner: { name: string; company_name: string; phone_number: string; email: string };
  customer: { company_name: string; industry: string; site_address: string; utility_company: string };
  proposal: { version: number; delivered_at: string; links: Array<{ title: string; url: string }> };
  estimate: SignedEstimate;
  acceptance_text: string;
  consent_text: string;
  signer: { name: string; title: string; email: string };
  /** Typed: the text as typed; drawn: the SHA-256 of the PNG placed on the page. */
  signature: { method: 'typed'; typed_text: string } | { method: 'drawn'; png_sha256: string };
}

/** The estimate as the page shows it (null where the estimate cannot tell yet). */
export interface SignedEstimate {
  system_size_kw_dc: number | null;
  annual_production_kwh: number | null;
  gross_cost_usd: number | null;
  tax_credit_usd: number | null;
  net_cost_usd: number | null;
  first_year_savings_usd: number | null;
  payback_years: number | null;
  npv_usd: number | null;
  irr: number | null;
  financing: Array<{ term_years: number; apr: number; monthly_payment_usd: number | null }>;
}

/** The certificate's evidence beyond the signed content. */
export interface SignatureCertificate {
  events: SignatureEvent[];
  signer_address: string;
  user_agent: string;
}

export interface SignedPdf {
  bytes: Buffer;
  /** SHA-256 of `bytes`, hex. */
  sha256: string;
  /** The embedded JSON and its SHA-256 (the hash printed on the certificate). */
  contentJson: string;
  contentSha256: string;
}

export const SIGNED_CONTENT_FILENAME = 'signed-content.json';

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** The estimate's figures the proposal page shows. */
export function signedEstimate(estimate: Estimate): SignedEstimate {
  return {
    system_size_kw_dc: estimate.system.size_kw_dc,
    annual_production_kwh: estimate.system.annual_production_kwh,
    gross_cost_usd: estimate.cost.gross_usd,
    tax_credit_usd: estimate.cost.itc_usd,
    net_cost_usd: estimate.cost.net_usd,
    first_year_savings_usd: estimate.savings.first_year_usd,
    payback_years: estimate.savings.payback_years,
    npv_usd: estimate.investment?.npv_usd ?? null,
    irr: estimate.investment?.irr ?? null,
    financing: estimate.financing.map((option) => ({ term_years: option.term_years, apr: option.apr, monthly_payment_usd: option.monthly_payment_usd })),
  };
}

/** JSON with every object's keys sorted, no spaces: one text for one record. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

const usd = (value: number | null) => (value === null ? 'Not yet known' : `$${value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 })}`);
const number = (value: number | null, unit: string, digits = 0) => (value === null ? 'Not yet known' : `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${unit}`);
const percent = (value: number) => `${(value * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

const INK = '#1f2937';
const BRAND = '#1f3a68';
const MUTED = '#6b7280';

/**
 * Builds the PDF. Deterministic for one input: the document's dates are `signed_at` and its ID
 * follows from its info, so the same input gives the same bytes (a test rebuilds it).
 */
export async function buildSignedPdf(content: SignedContent, certificate: SignatureCertificate, drawnPng?: Buffer): Promise<SignedPdf> {
  const contentJson = canonicalJson(content);
  const contentSha256 = sha256Hex(contentJson);
  const signedAt = new Date(content.signed_at);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    // Uncompressed streams: the embedded JSON can be read straight from the file's bytes.
    compress: false,
    info: { Title: `Signed proposal v${content.proposal.version}: ${content.customer.company_name}`, Author: content.sunin.name, Subject: `Document ${content.document_id}`, CreationDate: signedAt, ModDate: signedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(BRAND).text(text).moveDown(0.2).font('Helvetica').fontSize(10).fillColor(INK);
  const row = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(`${content.sunin.name}: solar proposal`);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Version ${content.proposal.version}, delivered ${content.proposal.delivered_at.slice(0, 10)}. Signed ${content.signed_at}. Document ${content.document_id}.`);

  heading('Your partner');
  doc.text(content.partner.name);
  if (content.partner.company_name) doc.text(content.partner.company_name);
  doc.text([content.partner.phone_number, content.partner.email].filter(Boolean).join('  |  '));
  doc.fillColor(MUTED).text(`with ${content.sunin.name} (${content.sunin.website})`).fillColor(INK);

  heading('Customer and site');
  row('Company', content.customer.company_name);
  if (content.customer.industry) row('Industry', content.customer.industry);
  row('Site', content.customer.site_address || 'Not given');
  if (content.customer.utility_company) row('Utility', content.customer.utility_company);

  heading(`Proposal version ${content.proposal.version}`);
  row('Delivered', content.proposal.delivered_at);
  for (const link of content.proposal.links) doc.text(`${link.title}: ${link.url}`);

  heading('Savings estimate');
  const estimate = content.estimate;
  row('System size', number(estimate.system_size_kw_dc, 'kW DC', 1));
  row('Annual production', number(estimate.annual_production_kwh, 'kWh'));
  row('Gross cost', usd(estimate.gross_cost_usd));
  row('Federal tax credit', usd(estimate.tax_credit_usd));
  row('Net cost', usd(estimate.net_cost_usd));
  row('First-year savings', usd(estimate.first_year_savings_usd));
  row('Simple payback', number(estimate.payback_years, 'years', 1));
  if (estimate.npv_usd !== null) row('Net present value', usd(estimate.npv_usd));
  if (estimate.irr !== null) row('Internal rate of return', percent(estimate.irr));
  for (const option of estimate.financing) row(`Financing, ${option.term_years} years at ${percent(option.apr)} APR`, `${usd(option.monthly_payment_usd)} a month`);
  doc.fontSize(8).fillColor(MUTED).text('A preliminary estimate; final pricing and terms follow in the installation contract.').fontSize(10).fillColor(INK);

  heading('Acceptance');
  doc.text(content.acceptance_text);

  heading('Signature');
  if (content.signature.method === 'typed') {
    doc.font('Helvetica-Oblique').fontSize(24).text(content.signature.typed_text).font('Helvetica').fontSize(10);
  } else if (drawnPng) {
    doc.image(drawnPng, { fit: [240, 80] });
    doc.moveDown(0.3);
  }
  row('Name', content.signer.name);
  row('Title', content.signer.title);
  row('Email', content.signer.email);
  row('Date', content.signed_at);

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(18).fillColor(BRAND).text('Certificate of electronic signature');
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  heading('Document');
  row('Document id', content.document_id);
  row('Signed content SHA-256', contentSha256);
  doc.fontSize(8).fillColor(MUTED).text(`The SHA-256 of ${SIGNED_CONTENT_FILENAME}, attached to this PDF: the canonical record of the pages before this one. The SHA-256 of this PDF file itself is kept with the signature and sent to the signer.`).fontSize(10).fillColor(INK);
  heading('Signer');
  row('Name', `${content.signer.name}, ${content.signer.title}`);
  row('Email', content.signer.email);
  row('Address', certificate.signer_address);
  row('User agent', certificate.user_agent || 'Not sent');
  row('Method', content.signature.method === 'typed' ? 'Typed name' : 'Drawn signature');
  heading('Events (UTC)');
  for (const event of certificate.events) doc.text(`${event.at}  ${event.event}${event.detail ? `: ${event.detail}` : ''}`);
  heading('Consent to electronic records and signatures');
  doc.text(content.consent_text);

  doc.file(Buffer.from(contentJson, 'utf8'), { name: SIGNED_CONTENT_FILENAME, type: 'application/json', description: 'What was signed, as canonical JSON', creationDate: signedAt, modifiedDate: signedAt });
  doc.end();
  const bytes = await done;
  return { bytes, sha256: sha256Hex(bytes), contentJson, contentSha256 };
}
