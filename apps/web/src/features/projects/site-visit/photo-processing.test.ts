import { describe, expect, it, vi } from 'vitest';
import { captureFieldsFromExif, jpegName, processPhoto, targetSize, UNREADABLE_PHOTO_MESSAGE, type PhotoDeps } from './photo-processing';

describe('targetSize', () => {
  it('scales the longest side down to 2,560 px, keeping the shape, and never enlarges', () => {
    expect(targetSize(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(targetSize(3024, 4032)).toEqual({ width: 1920, height: 2560 });
    expect(targetSize(2560, 100)).toEqual({ width: 2560, height: 100 });
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(targetSize(10000, 3)).toEqual({ width: 2560, height: 1 });
  });
});

describe('captureFieldsFromExif', () => {
  it('takes DateTimeOriginal with its offset, and the GPS pair', () => {
    expect(captureFieldsFromExif({ DateTimeOriginal: '2026:12:06 14:03:00', OffsetTimeOriginal: '+01:00', latitude: 37.774929, longitude: -122.419415 })).toEqual({
      taken_at: '2026-12-06T14:03:00+01:00',
      latitude: 37.774929,
      longitude: -122.419415,
    });
  });

  it('reads a time without an offset as the device local time', () => {
    const fields = captureFieldsFromExif({ DateTimeOriginal: '2025:07:01 09:30:15' });
    expect(fields.taken_at).toBe(new Date(2025, 6, 1, 9, 30, 15).toISOString());
  });

  it('falls back to CreateDate, and drops what cannot be right', () => {
    expect(captureFieldsFromExif({ CreateDate: '2024:02:29 23:59:59', OffsetTime: '-05:00' }).taken_at).toBe('2024-02-29T23:59:59-05:00');
    expect(captureFieldsFromExif({ DateTimeOriginal: '0000:00:00 00:00:00' }).taken_at).toBeNull();
    expect(captureFieldsFromExif({ DateTimeOriginal: '1985:01:01 00:00:00' }).taken_at).toBeNull();
    expect(captureFieldsFromExif({ DateTimeOriginal: '2999:01:01 00:00:00' }).taken_at).toBeNull();
    expect(captureFieldsFromExif({ latitude: 37.1 })).toMatchObject({ latitude: null, longitude: null });
    expect(captureFieldsFromExif({ latitude: 95, longitude: 10 })).toMatchObject({ latitude: null, longitude: null });
    expect(captureFieldsFromExif(undefined)).toEqual({ taken_at: null, latitude: null, longitude: null });
  });
});

describe('processPhoto', () => {
  const image = { width: 4000, height: 3000, close: vi.fn() };
  const deps = (overrides: Partial<PhotoDeps<typeof image>> = {}): PhotoDeps<typeof image> => ({
    readExif: async () => ({ DateTimeOriginal: '2026:12:06 14:03:00', OffsetTimeOriginal: '+01:00', latitude: 37.7749, longitude: -122.4194 }),
    decode: async () => image,
    encode: async (_image, size, quality) => new Blob([`${size.width}x${size.height}@${quality}`], { type: 'image/jpeg' }),
    ...overrides,
  });
  const file = new File(['raw'], 'IMG_2041.HEIC', { type: 'image/heic' });

  it('decodes, scales to 2,560 px, encodes as JPEG at 0.85 and keeps the EXIF time and position as fields', async () => {
    const encode = vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' }));
    const photo = await processPhoto(file, deps({ encode }));
    expect(encode).toHaveBeenCalledWith(image, { width: 2560, height: 1920 }, 0.85);
    expect(photo.blob.type).toBe('image/jpeg');
    expect(photo).toMatchObject({ name: 'IMG_2041.jpg', width: 2560, height: 1920, taken_at: '2026-12-06T14:03:00+01:00', latitude: 37.7749, longitude: -122.4194 });
    expect(image.close).toHaveBeenCalled();
  });

  it('goes on without the fields when the EXIF cannot be read', async () => {
    const photo = await processPhoto(file, deps({ readExif: () => Promise.reject(new Error('no exif')) }));
    expect(photo).toMatchObject({ taken_at: null, latitude: null, longitude: null, width: 2560 });
  });

  it('refuses a file that cannot be decoded, with a clear message', async () => {
    await expect(processPhoto(file, deps({ decode: () => Promise.reject(new DOMException('bad', 'InvalidStateError')) }))).rejects.toThrow(UNREADABLE_PHOTO_MESSAGE);
  });

  it('names the JPEG after the original', () => {
    expect(jpegName('roof.south.png')).toBe('roof.south.jpg');
    expect(jpegName('.jpg')).toBe('photo.jpg');
  });
});
