import { Readable, type Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describePhoto, hasGpsRational, photoWithMetadata, SECRET_TEXT, type PhotoFormat } from '../../test/photo-fixtures.js';
import { exifOrientation, JPEG_MAX_FILL_BYTES, JpegMetadataStripper, MalformedImageError, metadataStripperFor, orientationOnlyExif, PngMetadataStripper, stripGifMetadata, stripWebpMetadata } from './image-metadata.js';

/** Runs bytes through a stripper in chunks of `size` bytes (1 tests every boundary). */
async function strip(stripper: Transform, bytes: Buffer, size = bytes.length): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return buffer(Readable.from(chunks).pipe(stripper));
}

const MIME: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

describe('photo metadata stripping', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    for (const chunk of [1, 7, 65536]) {
      it(`removes Exif (GPS included), XMP and text from a ${format} read in chunks of ${chunk} bytes, and the image still decodes`, async () => {
        const original = await photoWithMetadata(format);
        const before = await describePhoto(original);
        // The fixture really carries what must go.
        expect(before).toMatchObject({ exif: true, xmp: true, text: true, gps: true });
        const stripped = await strip(metadataStripperFor(MIME[format])!, original, chunk);
        expect(await describePhoto(stripped)).toEqual({ format: format === 'jpeg' ? 'jpeg' : format, width: 48, height: 32, exif: false, xmp: false, text: false, gps: false });
        expect(stripped.length).toBeLessThan(original.length);
      });
    }
  }

  it('keeps the pixels of a JPEG exactly and its ICC profile', async () => {
    const original = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366cc' } }).jpeg().withIccProfile('p3').withExif({ IFD0: { Artist: 'x' } }).toBuffer();
    const stripped = await strip(new JpegMetadataStripper(), original, 13);
    expect((await sharp(stripped).metadata()).icc).toBeDefined();
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
  });

  it('keeps a progressive JPEG whole (markers between its scans) and drops a COM segment and what follows EOI', async () => {
    const progressive = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#88aa22' } }).jpeg({ progressive: true }).toBuffer();
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0e]), Buffer.from('hidden note!')]);
    const withComment = Buffer.concat([progressive.subarray(0, 2), comment, progressive.subarray(2), Buffer.from('trailing maker data')]);
    const stripped = await strip(new JpegMetadataStripper(), withComment, 5);
    expect(stripped.includes('hidden note')).toBe(false);
    expect(stripped.includes('trailing maker')).toBe(false);
    expect(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(progressive).raw().toBuffer())).toBe(true);
  });

  it('sets the WebP RIFF size to the file and clears the VP8X Exif and XMP flags', async () => {
    const stripped = stripWebpMetadata(await photoWithMetadata('webp'));
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    const vp8x = stripped.indexOf('VP8X');
    expect(vp8x).toBeGreaterThan(0);
    expect(stripped[vp8x + 8]! & 0x0c).toBe(0);
    expect(stripped.includes('EXIF')).toBe(false);
    expect(stripped.includes('XMP ')).toBe(false);
  });

  it('refuses a file whose structure is broken, as a damaged image', async () => {
    const jpeg = await photoWithMetadata('jpeg');
    await expect(strip(new JpegMetadataStripper(), jpeg.subarray(0, 40))).rejects.toBeInstanceOf(MalformedImageError);
    await expect(strip(new JpegMetadataStripper(), Buffer.from('not a jpeg at all'))).rejects.toBeInstanceOf(MalformedImageError);
    const png = await photoWithMetadata('png');
    await expect(strip(new PngMetadataStripper(), png.subarray(0, png.length - 20))).rejects.toThrow('This PNG image is damaged or incomplete, so it was not stored.');
    const webp = await photoWithMetadata('webp');
    expect(() => stripWebpMetadata(webp.subarray(0, webp.length - 30))).toThrow(MalformedImageError);
  });

  it('holds back at most one byte of a long 0xFF fill run fed in small chunks, and refuses a run past the limit', async () => {
    const stripper = new JpegMetadataStripper();
    const errors: Error[] = [];
    stripper.on('error', (error) => errors.push(error));
    stripper.resume();
    stripper.write(Buffer.from([0xff, 0xd8]));
    const chunk = Buffer.alloc(7, 0xff);
    let written = 0;
    let largest = 0;
    while (written <= JPEG_MAX_FILL_BYTES) {
      stripper.write(chunk);
      written += chunk.length;
      if (stripper.errored) break;
      largest = Math.max(largest, stripper.bufferedBytes);
    }
    expect(largest).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors[0]).toBeInstanceOf(MalformedImageError);
  });

  it('still reads a marker after a short fill run split across chunks', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const filled = Buffer.concat([jpeg.subarray(0, 2), Buffer.alloc(40, 0xff), jpeg.subarray(2)]);
    const stripped = await strip(new JpegMetadataStripper(), filled, 3);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(jpeg).raw().toBuffer())).toBe(true);
  });

  it('keeps a JPEG\'s Exif Orientation, alone, in an Exif of its own', async () => {
    const original = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#aa3300' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: SECRET_TEXT }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 2964/100' } })
      .toBuffer();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    expect(hasGpsRational(original)).toBe(true);
    for (const size of [1, 11, original.length]) {
      const stripped = await strip(new JpegMetadataStripper(), original, size);
      const metadata = await sharp(stripped).metadata();
      expect(metadata.orientation).toBe(6);
      expect(metadata.exif?.equals(orientationOnlyExif(6).subarray(4))).toBe(true);
      expect(hasGpsRational(stripped)).toBe(false);
      expect(stripped.includes(SECRET_TEXT)).toBe(false);
      expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(original).raw().toBuffer())).toBe(true);
    }
  });

  it('reads Orientation in either TIFF byte order and writes no Exif for an upright photo', async () => {
    const plain = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#0033aa' } }).jpeg().toBuffer();
    // A hand-made little-endian Exif: Make (ASCII, outside the entry), then Orientation 8.
    const tiff = Buffer.alloc(8 + 2 + 24 + 4 + 8);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(2, 8);
    tiff.writeUInt16LE(0x010f, 10);
    tiff.writeUInt16LE(2, 12);
    tiff.writeUInt32LE(8, 14);
    tiff.writeUInt32LE(38, 18);
    tiff.writeUInt16LE(0x0112, 22);
    tiff.writeUInt16LE(3, 24);
    tiff.writeUInt32LE(1, 26);
    tiff.writeUInt16LE(8, 30);
    tiff.write('Secret\0\0', 38, 'latin1');
    const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
    expect(exifOrientation(app1)).toBe(8);
    const withExif = Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
    expect((await sharp(withExif).metadata()).orientation).toBe(8);
    const stripped = await strip(new JpegMetadataStripper(), withExif, 5);
    expect((await sharp(stripped).metadata()).orientation).toBe(8);
    expect(stripped.includes('Secret')).toBe(false);

    const upright = await sharp(plain).withExif({ IFD0: { Orientation: '1', Artist: SECRET_TEXT } }).jpeg().toBuffer();
    const strippedUpright = await strip(new JpegMetadataStripper(), upright);
    expect((await sharp(strippedUpright).metadata()).exif).toBeUndefined();
  });

  it('keeps only the PNG chunks that draw the image: C2PA (caBX) and private chunks go too', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } }).png().toBuffer();
    const iend = png.length - 12;
    const withExtra = Buffer.concat([png.subarray(0, iend), pngChunk('caBX', 'c2pa manifest secret'), pngChunk('prVt', 'private secret'), png.subarray(iend)]);
    expect((await sharp(withExtra).raw().toBuffer()).equals(await sharp(png).raw().toBuffer())).toBe(true);
    const stripped = await strip(new PngMetadataStripper(), withExtra, 9);
    expect(stripped.includes('secret')).toBe(false);
    expect(stripped.equals(png)).toBe(true);
  });

  it("keeps only the WebP chunks that draw the image: a lower-case 'xmp ' or an unknown chunk goes too", async () => {
    const webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } }).webp({ lossless: true }).withIccProfile('srgb').toBuffer();
    const extra = Buffer.concat([webpChunk('xmp ', '<x>secret</x>'), webpChunk('C2PA', 'secret manifest')]);
    const withExtra = Buffer.concat([webp.subarray(0, 12), webp.subarray(12), extra]);
    withExtra.writeUInt32LE(withExtra.length - 8, 4);
    const stripped = stripWebpMetadata(withExtra);
    expect(stripped.includes('secret')).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(webp).raw().toBuffer())).toBe(true);
  });

  it('strips a GIF of comments and application extensions but the loop count, in chunks of any size', async () => {
    const gif = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#ff0000' } }).gif().toBuffer();
    const globalTable = (gif[10]! & 0x80) !== 0 ? 3 * 2 ** ((gif[10]! & 0x07) + 1) : 0;
    const head = 13 + globalTable;
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 13]), Buffer.from('secret author'), Buffer.from([0])]);
    const xmp = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('XMP DataXMP'), Buffer.from([14]), Buffer.from('<x>secret</x> '), Buffer.from([0])]);
    const loop = Buffer.concat([Buffer.from([0x21, 0xff, 11]), Buffer.from('NETSCAPE2.0'), Buffer.from([3, 1, 0, 0, 0])]);
    const withExtra = Buffer.concat([gif.subarray(0, head), loop, comment, xmp, gif.subarray(head), Buffer.from('trailing secret')]);
    expect((await sharp(withExtra).raw().toBuffer()).equals(await sharp(gif).raw().toBuffer())).toBe(true);
    for (const size of [1, 5, withExtra.length]) {
      const stripped = await strip(metadataStripperFor('image/gif')!, withExtra, size);
      expect(stripped.includes('secret')).toBe(false);
      expect(stripped.includes('NETSCAPE2.0')).toBe(true);
      expect((await sharp(stripped).raw().toBuffer()).equals(await sharp(gif).raw().toBuffer())).toBe(true);
    }
    expect(() => stripGifMetadata(gif.subarray(0, gif.length - 4))).toThrow(MalformedImageError);
  });
});

function pngChunk(type: string, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

function webpChunk(type: string, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const chunk = Buffer.alloc(8 + data.length + (data.length % 2));
  chunk.write(type, 0, 'latin1');
  chunk.writeUInt32LE(data.length, 4);
  data.copy(chunk, 8);
  return chunk;
}
