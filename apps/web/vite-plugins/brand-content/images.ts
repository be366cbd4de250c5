import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The image step of the brand content (issue 20 item 3): a photo or raster logo becomes AVIF and
 * WebP at a few widths, plus one JPEG (or PNG, when it has transparency) for the `<img>`
 * fallback; an SVG is used as it is. Results are cached by the source's content hash, so a
 * second build or test run encodes nothing.
 */

/** The widths made of every raster image, never more than the source's own width. */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

/** Bumped when the encoding changes, so the cache is not reused across it. */
const ENCODING_VERSION = 'v1';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png' | 'svg';

export interface ImageVariant {
  /** The file's name in the cache folder, and below assets/ in a build. */
  fileName: string;
  format: VariantFormat;
  width: number;
}

export interface ProcessedImage {
  /** The intrinsic size, upright (EXIF orientation applied). */
  width: number;
  height: number;
  kind: 'raster' | 'svg';
  /** Every file made of a raster image; one entry, the source itself, for an SVG. */
  variants: ImageVariant[];
}

/** The widths to make of an image `intrinsic` pixels wide: the standard ones it covers, and its own width when it is smaller than the largest. */
export function targetWidths(intrinsic: number): number[] {
  const widths: number[] = IMAGE_WIDTHS.filter((width) => width <= intrinsic);
  if (intrinsic < IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]! && !widths.includes(intrinsic)) widths.push(intrinsic);
  return widths;
}

/**
 * `source` (a file of the content folder) as responsive variants written to `cacheDir`. A
 * variant's file name carries the content hash, so a build can emit it under assets/ as it is.
 */
export async function processImage(source: string, cacheDir: string): Promise<ProcessedImage & { cacheDir: string }> {
  const bytes = await readFile(source);
  const hash = createHash('sha256').update(ENCODING_VERSION).update(bytes).digest('hex');
  const stem = path.basename(source, path.extname(source)).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'image';
  const { default: sharp } = await import('sharp');

  if (path.extname(source).toLowerCase() === '.svg') {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    const fileName = `${stem}-${hash.slice(0, 8)}.svg`;
    await writeOnce(path.join(cacheDir, fileName), bytes);
    return { width, height, kind: 'svg', variants: [{ fileName, format: 'svg', width }], cacheDir };
  }

  const manifestFile = path.join(cacheDir, `${hash.slice(0, 32)}.json`);
  const cached = await readFile(manifestFile, 'utf8').then((text) => JSON.parse(text) as ProcessedImage, () => undefined);
  if (cached) return { ...cached, cacheDir };

  const metadata = await sharp(bytes).metadata();
  // Orientations 5 to 8 turn the picture a quarter: the upright image is height × width.
  const sideways = (metadata.orientation ?? 1) >= 5;
  const width = (sideways ? metadata.height : metadata.width) ?? 0;
  const height = (sideways ? metadata.width : metadata.height) ?? 0;
  if (!width || !height) throw new Error(`${source}: not an image sharp can read`);
  const fallback: VariantFormat = metadata.hasAlpha ? 'png' : 'jpeg';
  const widths = targetWidths(width);
  const variants: ImageVariant[] = [];

  await mkdir(cacheDir, { recursive: true });
  for (const target of widths) {
    const formats: VariantFormat[] = target === widths[widths.length - 1] ? ['avif', 'webp', fallback] : ['avif', 'webp'];
    for (const format of formats) {
      const resized = sharp(bytes).rotate().resize({ width: target, withoutEnlargement: true });
      const encoded =
        format === 'avif' ? resized.avif({ quality: 55, effort: 4 }) : format === 'webp' ? resized.webp({ quality: 78 }) : format === 'png' ? resized.png({ compressionLevel: 9 }) : resized.jpeg({ quality: 80, mozjpeg: true });
      const fileName = `${stem}-${hash.slice(0, 8)}-${target}.${format === 'jpeg' ? 'jpg' : format}`;
      await writeOnce(path.join(cacheDir, fileName), await encoded.toBuffer());
      variants.push({ fileName, format, width: target });
    }
  }
  const processed: ProcessedImage = { width, height, kind: 'raster', variants };
  // The manifest last: an interrupted run leaves no manifest pointing at missing files.
  await writeOnce(manifestFile, JSON.stringify(processed));
  return { ...processed, cacheDir };
}

/** Written through a temporary name: two builds (or test workers) may make the same file at once. */
async function writeOnce(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}
