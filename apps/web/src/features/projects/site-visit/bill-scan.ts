import { PDFDocument } from 'pdf-lib';

/**
 * A paper utility bill photographed at a site visit (issue 41 item 4), made into a one-page PDF
 * on the device, so that it is a project file like any other and can be queued offline.
 */

/** US Letter in PDF points: the page the scan is fitted on, as a printed bill would be. */
const LETTER = { width: 612, height: 792 };

/** "Utility bill scan 2026-12-06.pdf", by the device's calendar day. */
export function scanFileName(date: Date = new Date()): string {
  const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return `Utility bill scan ${day}.pdf`;
}

/** One page the size of the picture fitted within Letter (either way round), the JPEG drawn over all of it. */
export async function scanPdf(jpeg: ArrayBuffer | Uint8Array, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('SunIn Partner Portal');
  pdf.setCreator('SunIn Partner Portal');
  const image = await pdf.embedJpg(jpeg);
  const landscape = image.width > image.height;
  const box = landscape ? { width: LETTER.height, height: LETTER.width } : LETTER;
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const size = { width: image.width * scale, height: image.height * scale };
  const page = pdf.addPage([size.width, size.height]);
  page.drawImage(image, { x: 0, y: 0, ...size });
  return pdf.save();
}
