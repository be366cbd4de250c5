import { loadPdfKit } from '../../lib/pdfkit.js';
import { isoDateIn } from '../../lib/business-date.js';
import type { Statement, StatementLine, StatementLineKind } from './statement.js';

/**
 * The statement as a PDF (issue 38 item 3, docs/decisions/048): who and which month, the opening
 * balance, every movement by section with its subtotal, and the closing balance. It names the
 * partner and their company only: never a tax identification number or bank details.
 * Deterministic for one input (its dates are `generatedAt`), like the signed proposal.
 */
export interface StatementPdfInput {
  statement: Statement;
  partner: { name: string; company_name: string };
  /** The business that owes the money (the portal's owner). */
  business: { name: string; website: string };
  /** BUSINESS_TIME_ZONE: the month's days and each line's date. */
  timeZone: string;
  generatedAt: Date;
}

/** `$1,234.50`, and `-$120.00` for money going out. */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** `November 2026`. */
export function monthLabel(month: string): string {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** `Nov 30, 2026` for an ISO date. */
function dayLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** The file a statement downloads as. */
export const statementFileName = (month: string): string => `sunin-statement-${month}.pdf`;

const INK = '#1f2937';
const BRAND = '#1f3a68';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

const SECTIONS: Array<{ title: string; kinds: StatementLineKind[]; empty: string; subtotal: string }> = [
  { title: 'Earnings', kinds: ['earned'], empty: 'No earnings were approved this month.', subtotal: 'Earned' },
  { title: 'Adjustments and clawbacks', kinds: ['adjustment', 'clawback', 'voided'], empty: 'No adjustments or clawbacks this month.', subtotal: 'Adjustments' },
  { title: 'Payouts', kinds: ['payout', 'payout_failed'], empty: 'No payouts this month.', subtotal: 'Payouts' },
];

export async function buildStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const { statement, partner, business, timeZone } = input;
  const month = monthLabel(statement.month);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    bufferPages: true,
    info: { Title: `Earnings statement, ${month}: ${partner.name}`, Author: business.name, Subject: `Earnings statement ${statement.month}`, CreationDate: input.generatedAt, ModDate: input.generatedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const dateWidth = 80;
  const amountWidth = 100;
  const descriptionWidth = width - dateWidth - amountWidth - 16;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  /** A new page when `height` does not fit, with the table's header again when in a table. */
  const room = (height: number, tableHeader?: string) => {
    if (doc.y + height <= bottom()) return;
    doc.addPage();
    if (tableHeader) header(`${tableHeader} (continued)`);
  };
  const header = (title: string, dated = true) => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND).text(title, left, doc.y, { width });
    doc.moveDown(0.2);
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    if (dated) doc.text('Date', left, y, { width: dateWidth });
    doc.text('Description', left + dateWidth + 8, y, { width: descriptionWidth });
    doc.text('Amount', left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).strokeColor(RULE).lineWidth(0.5).stroke();
    doc.y += 5;
    doc.font('Helvetica').fontSize(10).fillColor(INK);
  };
  const row = (date: string, description: string, amount: string, bold = false, tableHeader?: string) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    const height = Math.max(doc.heightOfString(description, { width: descriptionWidth }), doc.currentLineHeight()) + 3;
    room(height, tableHeader);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor(INK);
    const y = doc.y;
    doc.text(date, left, y, { width: dateWidth });
    doc.text(description, left + dateWidth + 8, y, { width: descriptionWidth });
    doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.x = left;
    doc.y = y + height;
  };
  const total = (label: string, cents: number) => row('', label, formatCents(cents), true);

  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text('Earnings statement', left, doc.y, { width });
  doc.font('Helvetica').fontSize(11).fillColor(INK).text(`${month}: ${dayLabel(isoDateIn(timeZone, statement.start))} to ${dayLabel(isoDateIn(timeZone, new Date(statement.end.getTime() - 1)))}`);
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10).text('From: ', { continued: true }).font('Helvetica').text(`${business.name} (${business.website})`);
  doc.font('Helvetica-Bold').text('To: ', { continued: true }).font('Helvetica').text([partner.name, partner.company_name].filter(Boolean).join(', '));
  doc.fontSize(8).fillColor(MUTED).text(`Dates are in ${timeZone}. The balance is what ${business.name} owes you: earnings approved and not yet paid out.`);
  doc.fillColor(INK).moveDown(0.8);

  header('Summary', false);
  row('', 'Opening balance', formatCents(statement.opening_cents));
  row('', 'Earned', formatCents(statement.earned_cents));
  row('', 'Adjustments and clawbacks', formatCents(statement.adjustments_cents));
  row('', 'Payouts', formatCents(statement.payouts_cents));
  total('Closing balance', statement.closing_cents);

  const lineDate = (line: StatementLine) => dayLabel(isoDateIn(timeZone, line.at));
  for (const section of SECTIONS) {
    doc.moveDown(0.8);
    room(60);
    header(section.title);
    const lines = statement.lines.filter((line) => section.kinds.includes(line.kind));
    if (lines.length === 0) row('', section.empty, '');
    for (const line of lines) row(lineDate(line), line.description, formatCents(line.amount_cents), false, section.title);
    total(section.subtotal, lines.reduce((sum, line) => sum + line.amount_cents, 0));
  }

  doc.moveDown(0.8);
  room(40);
  total('Opening balance', statement.opening_cents);
  total('Closing balance', statement.closing_cents);

  // Page numbers once every page exists (bufferPages).
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${business.name} earnings statement, ${month}, ${partner.name}. Page ${index + 1} of ${range.count}.`, left, doc.page.height - margin + 16, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  return done;
}
