import { defaultMeterMonths, defaultMeterName, monthLabel, totalAnnualKilowatts } from '@sunin/contract';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import type { DemoProject } from './demo-projects.js';

type Rgb = readonly [number, number, number];

const WIDTH = 480;
const HEIGHT = 300;
const WALLS: readonly Rgb[] = [
  [196, 186, 170],
  [176, 184, 192],
  [205, 190, 160],
  [160, 150, 140],
];

/**
 * A drawn "site photo" (PNG): sky, sun, the building with rows of solar panels on its roof and
 * the ground, varied by `index` so that each project looks a little different.
 */
export function sitePhoto(index: number): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  const put = (x: number, y: number, [r, g, b]: Rgb) => {
    const at = (y * WIDTH + x) * 4;
    png.data[at] = r;
    png.data[at + 1] = g;
    png.data[at + 2] = b;
    png.data[at + 3] = 255;
  };
  const fill = (x0: number, y0: number, x1: number, y1: number, color: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(HEIGHT, y1); y++) for (let x = Math.max(0, x0); x < Math.min(WIDTH, x1); x++) put(x, y, color);
  };

  const horizon = 210;
  for (let y = 0; y < horizon; y++) {
    const t = y / horizon;
    fill(0, y, WIDTH, y + 1, [Math.round(90 + 110 * t), Math.round(150 + 80 * t), Math.round(225 + 25 * t)]);
  }
  const sun = { x: 70 + (index * 37) % 340, y: 48, r: 24 };
  for (let y = sun.y - sun.r; y <= sun.y + sun.r; y++) {
    for (let x = sun.x - sun.r; x <= sun.x + sun.r; x++) if ((x - sun.x) ** 2 + (y - sun.y) ** 2 <= sun.r ** 2) put(x, y, [255, 214, 90]);
  }
  fill(0, horizon, WIDTH, HEIGHT, [118, 150, 92]);
  fill(0, horizon + 40, WIDTH, HEIGHT, [120, 120, 118]);

  const building = { x0: 60, x1: 420, top: 120 };
  fill(building.x0, building.top, building.x1, horizon + 20, WALLS[index % WALLS.length] ?? [190, 190, 190]);
  for (let x = building.x0 + 30; x < building.x1 - 40; x += 70) fill(x, 175, x + 36, horizon + 20, [70, 90, 110]);
  fill(building.x0 - 6, building.top - 8, building.x1 + 6, building.top, [90, 90, 96]);

  // Panels: a tilted row is drawn as a band of cells above the roof line.
  const rows = 2 + (index % 3);
  const cell = { w: 22, h: 10, gap: 2 };
  for (let row = 0; row < rows; row++) {
    const y = building.top - 8 - (row + 1) * (cell.h + cell.gap);
    for (let x = building.x0 + 4 + row * 6; x + cell.w < building.x1 - row * 6; x += cell.w + cell.gap) {
      fill(x, y, x + cell.w, y + cell.h, [28, 52, 102]);
      fill(x + cell.w / 2, y, x + cell.w / 2 + 1, y + cell.h, [70, 100, 160]);
      fill(x, y + cell.h / 2, x + cell.w, y + cell.h / 2 + 1, [70, 100, 160]);
    }
  }
  // One filter for every row ("sub", good for flat colours): choosing per row costs eight times the time.
  return PNG.sync.write(png, { filterType: 1, colorType: 2, inputHasAlpha: true });
}

/** A one-page energy profile (PDF): the site, its utility, 12 calendar months of kWh per meter and the bill. */
export function energyProfilePdf(demo: DemoProject): Promise<Buffer> {
  const project = demo.project;
  const meters = (project.kilowatt_amounts ?? []) as number[][];
  // The demo's meters of a project share their months (demo-projects.ts `meter`).
  const months = project.meters?.[0]?.months ?? defaultMeterMonths();
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `${project.company_name}: energy profile`, Author: 'SunIn Partner Portal demo' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(20).fillColor('#1f3a68').text(project.company_name);
  doc.moveDown(0.2).fontSize(11).fillColor('#333333');
  doc.text([project.address_1, project.address_2].filter(Boolean).join(', '));
  doc.text(`${project.city ?? ''}, ${project.state ?? ''} ${project.zip ?? ''}`);
  doc.moveDown();
  doc.fontSize(14).fillColor('#1f3a68').text('Energy profile');
  doc.moveDown(0.3).fontSize(11).fillColor('#333333');
  doc.text(`Utility: ${project.utility_company ?? ''}`);
  doc.text(`Account holder: ${project.utility_account_holder ?? ''}`);
  doc.text(`Average monthly bill: $${Number(project.average_monthly_power_bill_cost ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  doc.text(`Annual use: ${totalAnnualKilowatts(meters).toLocaleString('en-US')} kWh`);
  doc.moveDown();

  const left = doc.page.margins.left;
  const column = 110;
  let y = doc.y;
  doc.font('Helvetica-Bold').text('Month', left, y);
  meters.forEach((_, m) => doc.text(`${project.meters?.[m]?.name || defaultMeterName(m)} (kWh)`, left + column * (m + 1), y, { width: column - 10 }));
  y += 12;
  doc.font('Helvetica');
  months.forEach((month, i) => {
    y += 16;
    doc.text(monthLabel(month), left, y);
    meters.forEach((values, m) => doc.text((values[i] ?? 0).toLocaleString('en-US'), left + column * (m + 1), y));
  });
  doc.moveDown(2).fontSize(9).fillColor('#777777').text('Demo data: made up for the SunIn Partner Portal demo.', left);
  doc.end();
  return done;
}
