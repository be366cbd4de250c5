import { Transform, type TransformCallback } from 'node:stream';

/**
 * Removes the metadata of a photo on its way to storage (issue 41 item 2): whatever the device
 * did, the stored bytes carry no capture place, camera serial, author or editing history. The
 * capture time and position the member chose to send arrive as separate fields of the upload.
 *
 * Only what decoding needs is kept:
 * - JPEG: the image segments, APP0 JFIF, APP2 ICC_PROFILE and APP14 Adobe (colour); every other
 *   APPn (APP1 Exif and XMP, APP2 MPF, APP13 IPTC/Photoshop...), COM, and anything after EOI
 *   (a second picture, a maker's trailer) is dropped. The first Exif's Orientation, when it is
 *   not 1, is written back in an Exif of its own holding nothing else, so that a portrait phone
 *   photo sent directly (bulk upload, the API) is still shown upright. Streamed, one segment (at most 64 KiB) at
 *   a time; the entropy-coded data passes through untouched.
 * - PNG: only the chunks that draw the image (PNG_IMAGE_CHUNKS, an allowlist), and nothing after
 *   IEND. Streamed.
 * - WebP: only the chunks that draw the image (WEBP_IMAGE_CHUNKS), with the RIFF size and the
 *   VP8X flags fixed to match. Buffered (the upload limit bounds it): the RIFF size comes first.
 * - GIF: no comment, no application extension but the loop count, nothing after the trailer.
 *   Buffered like WebP.
 *
 * The library that does this as a stream (exif-be-gone) keeps APP13, COM, PNG text after a
 * split read and WebP XMP, and leaves the RIFF size and VP8X flags wrong; hence these parsers,
 * tested on files sharp writes with Exif, GPS, XMP and text (image-metadata.test.ts).
 */

/** A photo whose structure is broken: the upload answers 422 and nothing is stored. */
export class MalformedImageError extends Error {
  constructor(readonly format: 'JPEG' | 'PNG' | 'WebP' | 'GIF') {
    super(`This ${format} image is damaged or incomplete, so it was not stored.`);
  }
}

/** A stripper for the sniffed type of a photo; undefined for a type that has none. */
export function metadataStripperFor(contentType: string): Transform | undefined {
  switch (contentType) {
    case 'image/jpeg':
      return new JpegMetadataStripper();
    case 'image/png':
      return new PngMetadataStripper();
    case 'image/webp':
      return new WebpMetadataStripper();
    case 'image/gif':
      return new BufferedStripper(stripGifMetadata);
    default:
      return undefined;
  }
}

const startsWith = (bytes: Buffer, offset: number, text: string) => bytes.subarray(offset, offset + text.length).equals(Buffer.from(text, 'latin1'));

/** The APPn and COM segments of a JPEG that decoding needs; every other one is metadata. */
function keepJpegSegment(marker: number, segment: Buffer): boolean {
  // segment: FF, marker, length (2), payload.
  if (marker === 0xfe) return false; // COM
  if (marker < 0xe0 || marker > 0xef) return true; // not APPn: tables, frame, restart interval...
  if (marker === 0xe0) return startsWith(segment, 4, 'JFIF\0');
  if (marker === 0xe2) return startsWith(segment, 4, 'ICC_PROFILE\0');
  if (marker === 0xee) return startsWith(segment, 4, 'Adobe');
  return false;
}

/**
 * The Exif Orientation (IFD0 tag 0x0112) of an APP1 Exif segment (FF E1, length, payload), or
 * undefined when it has none or it is 1 (upright). Reads both TIFF byte orders.
 */
export function exifOrientation(segment: Buffer): number | undefined {
  if (!startsWith(segment, 4, 'Exif\0\0')) return undefined;
  const tiff = segment.subarray(10);
  if (tiff.length < 8) return undefined;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return undefined;
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) !== 0x0112) continue;
    // SHORT (3), one value, held in the first two bytes of the value field.
    if (u16(entry + 2) !== 3 || u32(entry + 4) !== 1) return undefined;
    const value = u16(entry + 8);
    return value >= 2 && value <= 8 ? value : undefined;
  }
  return undefined;
}

/**
 * An APP1 Exif segment holding nothing but IFD0 Orientation (big-endian TIFF, one entry, no
 * next IFD): what a viewer needs to show a phone's portrait photo upright, and nothing else.
 */
export function orientationOnlyExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // the value, left-justified; bytes 20-21 stay 0
  // bytes 22-25: no next IFD (0)
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * The longest run of 0xFF fill bytes allowed before a marker. The standard allows any number;
 * encoders write none or a few. A longer run is refused as damaged rather than scanned: it is
 * how a file of nothing but 0xFF would otherwise hold the upload open.
 */
export const JPEG_MAX_FILL_BYTES = 64 * 1024;

export class JpegMetadataStripper extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private state: 'soi' | 'marker' | 'scan' | 'done' = 'soi';
  /** Fill bytes already passed over before the marker now awaited (across chunks). */
  private fillRun = 0;
  /** Whether the first Exif segment has been seen (its Orientation alone is written back). */
  private exifSeen = false;

  /** Bytes held back between chunks (at most one segment, 64 KiB): for tests. */
  get bufferedBytes(): number {
    return this.pending.length;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    try {
      this.process();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    // A JPEG cut off inside its entropy-coded data still decodes (most of it); one cut off
    // before its first scan does not.
    if (this.state === 'scan') {
      this.push(this.pending);
      return callback();
    }
    callback(this.state === 'done' ? null : new MalformedImageError('JPEG'));
  }

  private process(): void {
    for (;;) {
      const bytes = this.pending;
      if (this.state === 'done') {
        this.pending = Buffer.alloc(0);
        return;
      }
      if (this.state === 'soi') {
        if (bytes.length < 2) return;
        if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImageError('JPEG');
        this.push(bytes.subarray(0, 2));
        this.pending = bytes.subarray(2);
        this.state = 'marker';
        continue;
      }
      if (this.state === 'scan') {
        // Entropy-coded data: 0xFF is followed by 0x00 (a stuffed byte) or a restart marker;
        // anything else after 0xFF (bar more 0xFF fill) is the next segment's marker.
        let from = 0;
        for (;;) {
          const at = bytes.indexOf(0xff, from);
          if (at === -1) {
            this.push(bytes);
            this.pending = Buffer.alloc(0);
            return;
          }
          if (at === bytes.length - 1) {
            this.push(bytes.subarray(0, at));
            this.pending = bytes.subarray(at);
            return;
          }
          const next = bytes[at + 1]!;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
            from = at + 2;
            continue;
          }
          if (next === 0xff) {
            from = at + 1;
            continue;
          }
          this.push(bytes.subarray(0, at));
          this.pending = bytes.subarray(at);
          this.state = 'marker';
          break;
        }
        continue;
      }
      // A marker: 0xFF, optional 0xFF fill, the marker byte, then (for most) a 2-byte length.
      if (bytes.length < 2) return;
      if (bytes[0] !== 0xff) throw new MalformedImageError('JPEG');
      let index = 1;
      while (index < bytes.length && bytes[index] === 0xff) index++;
      if (index >= bytes.length) {
        // Only fill so far: keep just one 0xFF, so a long run is neither held nor scanned again.
        this.fillRun += bytes.length - 1;
        if (this.fillRun > JPEG_MAX_FILL_BYTES) throw new MalformedImageError('JPEG');
        this.pending = bytes.subarray(bytes.length - 1);
        return;
      }
      this.fillRun += index - 1;
      if (this.fillRun > JPEG_MAX_FILL_BYTES) throw new MalformedImageError('JPEG');
      this.fillRun = 0;
      const marker = bytes[index]!;
      const after = index + 1;
      if (marker === 0xd8 || marker === 0x00) throw new MalformedImageError('JPEG');
      if (marker === 0xd9) {
        this.push(Buffer.from([0xff, 0xd9]));
        this.pending = Buffer.alloc(0);
        this.state = 'done';
        continue;
      }
      if (isStandalone(marker)) {
        this.push(Buffer.from([0xff, marker]));
        this.pending = bytes.subarray(after);
        continue;
      }
      if (bytes.length < after + 2) return;
      const length = bytes.readUInt16BE(after);
      if (length < 2) throw new MalformedImageError('JPEG');
      const end = after + length;
      if (bytes.length < end) return;
      const segment = Buffer.concat([Buffer.from([0xff, marker]), bytes.subarray(after, end)]);
      if (keepJpegSegment(marker, segment)) this.push(segment);
      else if (marker === 0xe1 && !this.exifSeen && startsWith(segment, 4, 'Exif\0\0')) {
        this.exifSeen = true;
        const orientation = exifOrientation(segment);
        if (orientation !== undefined) this.push(orientationOnlyExif(orientation));
      }
      this.pending = bytes.subarray(end);
      if (marker === 0xda) this.state = 'scan';
    }
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * The PNG chunks needed to draw the image (an allowlist: any other chunk, known metadata such as
 * eXIf, tEXt, iTXt, zTXt, tIME, caBX (C2PA) or a private one, is dropped): header, palette, data,
 * end, transparency, colour (gAMA, cHRM, sRGB, iCCP, sBIT), background, pixel size, and APNG's
 * animation chunks.
 */
export const PNG_IMAGE_CHUNKS: ReadonlySet<string> = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT']);

export class PngMetadataStripper extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private state: 'signature' | 'header' | 'body' | 'done' = 'signature';
  /** Bytes left of the current chunk (its data and CRC), and whether they are kept. */
  private remaining = 0;
  private keep = true;
  private last = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    try {
      this.process();
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    callback(this.state === 'done' ? null : new MalformedImageError('PNG'));
  }

  private process(): void {
    while (this.pending.length > 0) {
      const bytes = this.pending;
      switch (this.state) {
        case 'done':
          this.pending = Buffer.alloc(0);
          return;
        case 'signature':
          if (bytes.length < 8) return;
          if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new MalformedImageError('PNG');
          this.push(bytes.subarray(0, 8));
          this.pending = bytes.subarray(8);
          this.state = 'header';
          break;
        case 'header': {
          if (bytes.length < 8) return;
          const length = bytes.readUInt32BE(0);
          const type = bytes.subarray(4, 8).toString('latin1');
          if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) throw new MalformedImageError('PNG');
          this.keep = PNG_IMAGE_CHUNKS.has(type);
          this.last = type === 'IEND';
          if (this.keep) this.push(bytes.subarray(0, 8));
          this.remaining = length + 4;
          this.pending = bytes.subarray(8);
          this.state = 'body';
          break;
        }
        case 'body': {
          const take = Math.min(this.remaining, bytes.length);
          if (this.keep) this.push(bytes.subarray(0, take));
          this.remaining -= take;
          this.pending = bytes.subarray(take);
          if (this.remaining === 0) this.state = this.last ? 'done' : 'header';
          break;
        }
      }
    }
  }
}

/**
 * The WebP chunks needed to draw the image (an allowlist: EXIF, XMP, and any other chunk are
 * dropped), and the VP8X flag bits of the metadata it had (Exif 0x08, XMP 0x04), cleared.
 */
export const WEBP_IMAGE_CHUNKS: ReadonlySet<string> = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

/** Strips a whole WebP file (RIFF container) held in memory. */
export function stripWebpMetadata(file: Buffer): Buffer {
  if (file.length < 12 || !startsWith(file, 0, 'RIFF') || !startsWith(file, 8, 'WEBP')) throw new MalformedImageError('WebP');
  const riffEnd = 8 + file.readUInt32LE(4);
  if (riffEnd > file.length || riffEnd < 12) throw new MalformedImageError('WebP');
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset < riffEnd) {
    if (offset + 8 > riffEnd) throw new MalformedImageError('WebP');
    const type = file.subarray(offset, offset + 4).toString('latin1');
    const size = file.readUInt32LE(offset + 4);
    const end = offset + 8 + size + (size % 2);
    // The pad byte of the last chunk is sometimes left out by writers; tolerate exactly that.
    if (end > riffEnd && !(end === riffEnd + 1 && size % 2 === 1)) throw new MalformedImageError('WebP');
    if (WEBP_IMAGE_CHUNKS.has(type)) {
      const chunk = Buffer.from(file.subarray(offset, Math.min(end, riffEnd)));
      if (type === 'VP8X') {
        if (size < 10) throw new MalformedImageError('WebP');
        chunk[8] = chunk[8]! & ~VP8X_METADATA_FLAGS;
      }
      kept.push(chunk, ...(end > riffEnd ? [Buffer.alloc(1)] : []));
    }
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

/** Runs a whole-file stripper at the end of the stream (the upload limit bounds what it holds). */
export class BufferedStripper extends Transform {
  private readonly chunks: Buffer[] = [];

  constructor(private readonly strip: (file: Buffer) => Buffer) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.chunks.push(chunk);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    try {
      callback(null, this.strip(Buffer.concat(this.chunks)));
    } catch (error) {
      callback(error as Error);
    }
  }
}

export class WebpMetadataStripper extends BufferedStripper {
  constructor() {
    super(stripWebpMetadata);
  }
}

/** The one GIF application extension kept: NETSCAPE2.0 (ANIMEXTS1.0 its twin) holds the loop count. */
const GIF_LOOP_APPLICATIONS: ReadonlySet<string> = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/**
 * Strips a whole GIF held in memory: comment extensions and every application extension but the
 * loop count's (XMP, ICC and makers' data travel in those) are dropped, and anything after the
 * trailer; the frames, their graphic control and plain text extensions are kept as they are.
 */
export function stripGifMetadata(file: Buffer): Buffer {
  const malformed = () => new MalformedImageError('GIF');
  if (file.length < 13 || !(startsWith(file, 0, 'GIF87a') || startsWith(file, 0, 'GIF89a'))) throw malformed();
  const colourTable = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  /** The offset after the sub-blocks starting at `at` (each a size byte and data, ending with 0). */
  const afterSubBlocks = (at: number) => {
    let offset = at;
    for (;;) {
      if (offset >= file.length) throw malformed();
      const size = file[offset]!;
      offset += 1 + size;
      if (size === 0) return offset;
    }
  };
  let offset = 13 + colourTable(file[10]!);
  if (offset > file.length) throw malformed();
  const kept: Buffer[] = [file.subarray(0, offset)];
  for (;;) {
    if (offset >= file.length) throw malformed();
    const introducer = file[offset]!;
    if (introducer === 0x3b) {
      kept.push(file.subarray(offset, offset + 1));
      return Buffer.concat(kept);
    }
    if (introducer === 0x2c) {
      if (offset + 10 > file.length) throw malformed();
      // Descriptor (10 bytes), local colour table, LZW minimum code size, data sub-blocks.
      const end = afterSubBlocks(offset + 10 + colourTable(file[offset + 9]!) + 1);
      kept.push(file.subarray(offset, end));
      offset = end;
      continue;
    }
    if (introducer !== 0x21 || offset + 2 > file.length) throw malformed();
    const label = file[offset + 1]!;
    const end = afterSubBlocks(offset + 2);
    const application = label === 0xff && file[offset + 2] === 11 ? file.subarray(offset + 3, offset + 14).toString('latin1') : undefined;
    const keep = label === 0xf9 || label === 0x01 || (application !== undefined && GIF_LOOP_APPLICATIONS.has(application));
    if (keep) kept.push(file.subarray(offset, end));
    offset = end;
  }
}
