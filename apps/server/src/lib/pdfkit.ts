import type PDFDocument from 'pdfkit';

/**
 * PDFKit, loaded with the first PDF a process makes rather than at start-up: with its fonts it
 * took about 130 ms of every start (decision 060).
 */
export async function loadPdfKit(): Promise<typeof PDFDocument> {
  return (await import('pdfkit')).default;
}
