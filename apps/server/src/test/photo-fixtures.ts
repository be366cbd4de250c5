import sharp from 'sharp';

/**
 * Photos with the metadata a phone leaves in them (issue 41): Exif with a GPS position, an
 * artist and a copyright, and XMP naming an author; written by sharp (libvips) so that every
 * container is as real writers make it.
 */
export const SECRET_TEXT = 'Secret Author';
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>${SECRET_TEXT}</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
const EXIF = {
  IFD0: { Artist: SECRET_TEXT, Copyright: SECRET_TEXT },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 2964/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 25/1 942/100' },
};

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

export async function photoWithMetadata(format: PhotoFormat, size = { width: 48, height: 32 }): Promise<Buffer> {
  const image = sharp({ create: { ...size, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return image[format]().withExif(EXIF).withXmp(XMP).toBuffer();
}

/** The GPS seconds of the latitude (2964/100) as a rational, in either byte order Exif may use. */
export function hasGpsRational(bytes: Buffer): boolean {
  const big = Buffer.alloc(8);
  big.writeUInt32BE(2964, 0);
  big.writeUInt32BE(100, 4);
  const little = Buffer.alloc(8);
  little.writeUInt32LE(2964, 0);
  little.writeUInt32LE(100, 4);
  return bytes.includes(big) || bytes.includes(little);
}

/** What sharp reads from a file: its size and whether any Exif or XMP is left. */
export async function describePhoto(bytes: Buffer) {
  const metadata = await sharp(bytes).metadata();
  // Decoding every pixel proves the file is still whole.
  const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { format: metadata.format, width: info.width, height: info.height, exif: Boolean(metadata.exif), xmp: Boolean(metadata.xmp), text: bytes.includes(SECRET_TEXT), gps: hasGpsRational(bytes) };
}
