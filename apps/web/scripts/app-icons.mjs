/**
 * The installable app's icons (issue 41 item 1, docs/decisions/052-installable-app.md), drawn at
 * build time from public/favicon.svg into the web build's root, where public/manifest.webmanifest,
 * index.html and the service worker's notifications name them:
 *
 * - `icon-192.png`, `icon-512.png`: the manifest's icons ("any"), the sun on a white rounded tile;
 * - `icon-maskable-512.png`: the same on a full white square, the sun inside the middle 60 %, so
 *   that every launcher's mask (circle, squircle, ...) keeps it whole (the safe zone is 80 %);
 * - `apple-touch-icon.png` (180): iOS's Home Screen icon, opaque (iOS rounds the corners itself);
 * - `badge-96.png`: Android's small notification badge, which only uses the alpha channel: the
 *   sun's outline in white on transparent.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const WHITE = '#ffffff';

/** favicon.svg's drawing (viewBox 0 0 32 32) placed in a `size` square, `scale` of it wide, centred. */
function placed(favicon, size, scale) {
  const inner = favicon.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const side = size * scale;
  const offset = (size - side) / 2;
  return `<svg x="${offset}" y="${offset}" width="${side}" height="${side}" viewBox="0 0 32 32">${inner}</svg>`;
}

function tile(favicon, size, { scale, radius }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" rx="${size * radius}" fill="${WHITE}"/>${placed(favicon, size, scale)}</svg>`;
}

/** Every shape of the favicon in white: the badge is a silhouette. */
function badge(favicon, size) {
  const white = placed(favicon, size, 0.9).replace(/(fill|stroke)="#[0-9a-f]{3,6}"/gi, `$1="${WHITE}"`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${white}</svg>`;
}

export const APP_ICON_FILES = ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png', 'badge-96.png'];

/** Writes the icons above into `outDir`; returns their names. */
export async function writeAppIcons(outDir, publicDir) {
  const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
  const images = {
    'icon-192.png': tile(favicon, 192, { scale: 0.78, radius: 0.22 }),
    'icon-512.png': tile(favicon, 512, { scale: 0.78, radius: 0.22 }),
    'icon-maskable-512.png': tile(favicon, 512, { scale: 0.6, radius: 0 }),
    'apple-touch-icon.png': tile(favicon, 180, { scale: 0.72, radius: 0 }),
    'badge-96.png': badge(favicon, 96),
  };
  for (const [name, svg] of Object.entries(images)) {
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    await writeFile(path.join(outDir, name), png);
  }
  return Object.keys(images);
}
