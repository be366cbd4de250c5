import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { processImage, targetWidths } from './images.ts';
import { toBrandImage } from '../brand-content.ts';

/** A photograph-like JPEG (noise, so the encoders have work to do) or a PNG with transparency. */
async function fixture(dir: string, name: string, width: number, height: number, options: { alpha?: boolean; orientation?: number } = {}): Promise<string> {
  const channels = options.alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let index = 0; index < pixels.length; index++) pixels[index] = (index * 7919) % 251;
  const image = sharp(pixels, { raw: { width, height, channels } });
  const file = path.join(dir, name);
  if (options.alpha) await image.png().toFile(file);
  else await image.jpeg({ quality: 85 }).withMetadata(options.orientation ? { orientation: options.orientation } : {}).toFile(file);
  return file;
}

describe('the image step of the brand content (issue 20 item 3)', () => {
  let dir: string;
  let cacheDir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'brand-images-'));
    cacheDir = path.join(dir, 'cache');
  });

  it('makes the standard widths the source covers, plus its own width, never more', () => {
    expect(targetWidths(2400)).toEqual([320, 640, 960, 1280]);
    expect(targetWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(targetWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(targetWidths(200)).toEqual([200]);
  });

  it('turns a JPEG into AVIF and WebP at each width and a JPEG fallback, with the intrinsic size', async () => {
    const source = await fixture(dir, 'Roof Top.jpg', 1000, 600);
    const image = await processImage(source, cacheDir);
    expect(image).toMatchObject({ width: 1000, height: 600, kind: 'raster' });
    expect(image.variants.map((variant) => `${variant.format}@${variant.width}`)).toEqual([
      'avif@320', 'webp@320', 'avif@640', 'webp@640', 'avif@960', 'webp@960', 'avif@1000', 'webp@1000', 'jpeg@1000',
    ]);
    for (const variant of image.variants) {
      expect(variant.fileName).toMatch(/^roof-top-[0-9a-f]{8}-\d+\.(avif|webp|jpg)$/);
      const metadata = await sharp(path.join(cacheDir, variant.fileName)).metadata();
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe(Math.round((variant.width * 600) / 1000));
    }

    const brandImage = toBrandImage(image, true);
    expect(brandImage.src).toMatch(/^\/assets\/roof-top-[0-9a-f]{8}-1000\.jpg$/);
    expect(brandImage.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    expect(brandImage.sources[0]!.srcset).toMatch(/^\/assets\/roof-top-\w+-320\.avif 320w, \S+-640\.avif 640w, \S+-960\.avif 960w, \S+-1000\.avif 1000w$/);
    expect(toBrandImage(image, false).src).toMatch(/^\/@brand-content\/roof-top-/);
  }, 60_000);

  it('keeps transparency in a PNG fallback and does not enlarge a small image', async () => {
    const image = await processImage(await fixture(dir, 'logo.png', 240, 120, { alpha: true }), cacheDir);
    expect(image).toMatchObject({ width: 240, height: 120 });
    expect(image.variants.map((variant) => `${variant.format}@${variant.width}`)).toEqual(['avif@240', 'webp@240', 'png@240']);
  }, 60_000);

  it('stands a turned photo upright (EXIF orientation)', async () => {
    const image = await processImage(await fixture(dir, 'portrait.jpg', 600, 400, { orientation: 6 }), cacheDir);
    expect(image).toMatchObject({ width: 400, height: 600 });
    const largest = await sharp(path.join(cacheDir, image.variants.at(-1)!.fileName)).metadata();
    expect([largest.width, largest.height]).toEqual([400, 600]);
  }, 60_000);

  it('reuses the cache: a second run encodes nothing', async () => {
    const source = path.join(dir, 'Roof Top.jpg');
    const first = await processImage(source, cacheDir);
    const times = first.variants.map((variant) => statSync(path.join(cacheDir, variant.fileName)).mtimeMs);
    const second = await processImage(source, cacheDir);
    expect(second.variants).toEqual(first.variants);
    expect(second.variants.map((variant) => statSync(path.join(cacheDir, variant.fileName)).mtimeMs)).toEqual(times);
  }, 60_000);

  it('passes an SVG through unchanged, with the size it declares', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64"><rect width="240" height="64" fill="#166534"/></svg>';
    const file = path.join(dir, 'mark.svg');
    writeFileSync(file, svg);
    const image = await processImage(file, cacheDir);
    expect(image).toMatchObject({ width: 240, height: 64, kind: 'svg' });
    expect(image.variants).toHaveLength(1);
    expect(readFileSync(path.join(cacheDir, image.variants[0]!.fileName), 'utf8')).toBe(svg);
    expect(toBrandImage(image, true)).toEqual({ src: `/assets/${image.variants[0]!.fileName}`, width: 240, height: 64, sources: [] });
  });
});
