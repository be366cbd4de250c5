import exifr from 'exifr';

/**
 * A photo as the site visit queues it (issue 41 item 2): read its capture time and GPS position
 * from EXIF, decode it upright (the orientation from the image), scale it so the longest side is
 * at most 2,560 px, and encode it again as JPEG, which drops all of its metadata. The decode and
 * encode steps are injected so that the flow is tested without a canvas (jsdom has none).
 */
export const MAX_PHOTO_SIDE = 2560;
export const JPEG_QUALITY = 0.85;
export const UNREADABLE_PHOTO_MESSAGE = 'This file could not be read as a photo. Choose a JPEG, PNG, WebP or HEIC picture your device can open.';

export interface CaptureFields {
  taken_at: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ProcessedPhoto extends CaptureFields {
  blob: Blob;
  name: string;
  width: number;
  height: number;
}

/** The size to draw at: the longest side at most `max`, never enlarged, whole pixels. */
export function targetSize(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The EXIF values this reads (exifr's names, values not revived: dates stay "YYYY:MM:DD HH:MM:SS"). */
export interface ExifValues {
  DateTimeOriginal?: unknown;
  OffsetTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTime?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * EXIF to the upload's fields: DateTimeOriginal (else CreateDate) with its offset when the camera
 * wrote one; without one the time is the device's local time, as cameras record it. GPS only
 * as a pair of finite numbers in range.
 */
export function captureFieldsFromExif(exif: ExifValues | undefined | null): CaptureFields {
  const fields: CaptureFields = { taken_at: null, latitude: null, longitude: null };
  if (!exif) return fields;
  const raw = typeof exif.DateTimeOriginal === 'string' ? exif.DateTimeOriginal : typeof exif.CreateDate === 'string' ? exif.CreateDate : undefined;
  const offsetRaw = typeof exif.DateTimeOriginal === 'string' ? exif.OffsetTimeOriginal : exif.OffsetTime;
  const parts = raw ? EXIF_DATE.exec(raw.trim()) : null;
  if (parts) {
    const [, year, month, day, hour, minute, second] = parts;
    const local = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
    const offset = typeof offsetRaw === 'string' && OFFSET.test(offsetRaw.trim()) ? offsetRaw.trim() : undefined;
    const date = offset ? new Date(`${local}${offset}`) : new Date(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
    if (!Number.isNaN(date.getTime()) && Number(year) >= 1990 && date.getTime() <= Date.now() + 10 * 60 * 1000) fields.taken_at = offset ? `${local}${offset}` : date.toISOString();
  }
  const { latitude, longitude } = exif;
  if (typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180) {
    fields.latitude = Math.round(latitude * 1e6) / 1e6;
    fields.longitude = Math.round(longitude * 1e6) / 1e6;
  }
  return fields;
}

/** A decoded picture: its size, and a way to draw it scaled into a JPEG. */
export interface DecodedImage {
  width: number;
  height: number;
  close?(): void;
}

export interface PhotoDeps<Image extends DecodedImage = DecodedImage> {
  readExif(file: Blob): Promise<ExifValues | undefined>;
  decode(file: Blob): Promise<Image>;
  encode(image: Image, size: { width: number; height: number }, quality: number): Promise<Blob>;
}

/** The photo's name as a JPEG: "IMG_2041.HEIC" -> "IMG_2041.jpg". */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '').trim() || 'photo';
  return `${base}.jpg`;
}

export class UnreadablePhotoError extends Error {
  constructor() {
    super(UNREADABLE_PHOTO_MESSAGE);
  }
}

/** The whole flow; a file that cannot be decoded is refused before anything is queued. */
export async function processPhoto<Image extends DecodedImage>(file: File, deps: PhotoDeps<Image>): Promise<ProcessedPhoto> {
  // EXIF is a bonus: a picture without it (or with a broken one) still goes up, without the fields.
  const exif = await deps.readExif(file).catch(() => undefined);
  let image: Image;
  try {
    image = await deps.decode(file);
  } catch {
    throw new UnreadablePhotoError();
  }
  try {
    if (!image.width || !image.height) throw new UnreadablePhotoError();
    const size = targetSize(image.width, image.height);
    const blob = await deps.encode(image, size, JPEG_QUALITY);
    return { blob, name: jpegName(file.name), ...size, ...captureFieldsFromExif(exif) };
  } finally {
    image.close?.();
  }
}

/** The browser's own steps: exifr, createImageBitmap (upright), a canvas to JPEG. */
export const browserPhotoDeps: PhotoDeps<ImageBitmap> = {
  async readExif(file) {
    const values = (await exifr.parse(file, { pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate', 'OffsetTime', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef'], gps: true, reviveValues: false })) as ExifValues | undefined;
    const gps = (await exifr.gps(file).catch(() => undefined)) as { latitude?: number; longitude?: number } | undefined;
    return { ...values, latitude: gps?.latitude, longitude: gps?.longitude };
  },
  decode: (file) => createImageBitmap(file, { imageOrientation: 'from-image' }),
  async encode(image, size, quality) {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadablePhotoError();
    context.drawImage(image, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) throw new UnreadablePhotoError();
    return blob;
  },
};

/** A Blob's bytes (FileReader where Blob.arrayBuffer is missing: older Safari, jsdom). */
export function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}
