import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { scanFileName, scanPdf } from './bill-scan';

/** A real 4x3 JPEG (sharp, quality 50). */
const JPEG_4X3 = Uint8Array.from(
  atob(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAQT/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwC1AKF//9k=',
  ),
  (char) => char.charCodeAt(0),
);

describe('bill scan', () => {
  it('names the file by the day', () => {
    expect(scanFileName(new Date(2026, 11, 6, 14, 3))).toBe('Utility bill scan 2026-12-06.pdf');
    expect(scanFileName(new Date(2027, 0, 9))).toBe('Utility bill scan 2027-01-09.pdf');
  });

  it('makes a one-page PDF holding the picture, fitted within Letter turned to its shape', async () => {
    const bytes = await scanPdf(JPEG_4X3, 'Utility bill scan 2026-12-06.pdf');
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    // 4x3 is landscape: fitted within 792 x 612.
    expect(width).toBeCloseTo(792);
    expect(height).toBeCloseTo(594);
    expect(pdf.getTitle()).toBe('Utility bill scan 2026-12-06.pdf');
  });
});
