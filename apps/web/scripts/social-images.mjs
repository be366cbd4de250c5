/**
 * The images link previews and search engines ask for (issue 20 item 5), drawn at build time
 * into the web build's root:
 *
 * - `social-card.png` (1200 x 630): the Open Graph and Twitter image of every public page;
 * - `logo.png` (512 x 512): the Organization logo of the JSON-LD, from public/favicon.svg.
 *
 * Text is set in Inter (the variable font the site ships, @fontsource-variable/inter) and turned
 * into SVG paths with fontkit, so the result does not depend on the fonts the build machine has.
 * sharp renders the SVG to PNG.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

const BRAND_900 = '#14532d';
const BRAND_700 = '#15803d';
const SUN_400 = '#fbbf24';
const WHITE = '#ffffff';

/**
 * Inter's Latin face at its default instance (weight 400). fontkit cannot instance a WOFF2
 * variable font at another weight, so heavier text is the same outlines with a stroke.
 */
async function inter() {
  const file = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
  return fontkit.create(await readFile(file));
}

/** One line of text as SVG paths at (x, baseline y), `size` px high; `bold` thickens it; its width too. */
function textPath(font, text, x, y, size, fill, bold = false) {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  let pen = 0;
  const parts = [];
  for (let i = 0; i < run.glyphs.length; i++) {
    const glyph = run.glyphs[i];
    const position = run.positions[i];
    const d = glyph.path.toSVG();
    if (d) {
      // Font units are y-up: flip, scale, and move to the pen.
      parts.push(`<path transform="translate(${(x + (pen + position.xOffset) * scale).toFixed(2)} ${(y - position.yOffset * scale).toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`);
    }
    pen += position.xAdvance;
  }
  const stroke = bold ? ` stroke="${fill}" stroke-width="${(size * 0.045).toFixed(2)}" stroke-linejoin="round"` : '';
  // The stroke is in page units: vector-effect keeps it from being scaled with the glyph.
  const strokeEffect = bold ? ' vector-effect="non-scaling-stroke"' : '';
  return { svg: `<g fill="${fill}"${stroke}>${parts.join('').replaceAll('<path ', `<path${strokeEffect} `)}</g>`, width: pen * scale };
}

/** The sun of the favicon, centred at (cx, cy), `r` the disc's radius. */
function sun(cx, cy, r, rays = BRAND_700) {
  const ray = (angle) => {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    return `<path d="M${(cx + cos * r * 1.45).toFixed(1)} ${(cy + sin * r * 1.45).toFixed(1)}L${(cx + cos * r * 1.95).toFixed(1)} ${(cy + sin * r * 1.95).toFixed(1)}"/>`;
  };
  const strokes = Array.from({ length: 8 }, (_, i) => ray((i * Math.PI) / 4)).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f59e0b"/><g stroke="${rays}" stroke-width="${(r * 0.36).toFixed(1)}" stroke-linecap="round">${strokes}</g>`;
}

async function socialCardSvg() {
  const font = await inter();
  const width = 1200;
  const height = 630;
  const name = textPath(font, 'SunIn', 196, 170, 64, WHITE, true);
  const lines = ['Commercial solar for every', 'business, through partners', 'they already trust.'].map((line, i) => textPath(font, line, 96, 300 + i * 78, 64, WHITE, true).svg);
  const tagline = textPath(font, 'Proposals within 48 hours · Savings of 25-50% · 30% federal tax credit', 96, 548, 28, '#dcfce7');
  // Rooftop panels, drawn as a band of tilted cells on the right.
  const panels = [];
  for (let row = 0; row < 2; row++) {
    for (let col = 0; col < 4; col++) {
      const x = 950 + col * 62 - row * 20;
      const y = 405 + row * 44;
      panels.push(`<path d="M${x} ${y}h56l-18 38h-56z" fill="${BRAND_700}" stroke="#86efac" stroke-width="2"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND_900}"/><stop offset="1" stop-color="${BRAND_700}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="1010" cy="190" r="250" fill="${SUN_400}" opacity="0.12"/>
  ${sun(1010, 190, 70, SUN_400)}
  ${panels.join('')}
  ${sun(140, 148, 24, SUN_400)}
  ${name.svg}
  ${lines.join('')}
  ${tagline.svg}
  <rect x="96" y="580" width="160" height="6" rx="3" fill="${SUN_400}"/>
</svg>`;
}

/** Writes social-card.png and logo.png into `outDir`; returns their names. */
export async function writeSocialImages(outDir, publicDir) {
  const card = await sharp(Buffer.from(await socialCardSvg()))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
  await writeFile(path.join(outDir, 'social-card.png'), card);
  const logo = await sharp(await readFile(path.join(publicDir, 'favicon.svg')), { density: 1200 })
    .resize(512, 512)
    .flatten({ background: WHITE })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(outDir, 'logo.png'), logo);
  return ['social-card.png', 'logo.png'];
}
