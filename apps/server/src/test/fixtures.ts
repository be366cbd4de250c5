import { crc32 } from 'node:zlib';

/** Small real files for upload tests: a 1x1 PNG, a minimal PDF, and a multipart body builder; a signup body. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const PDF_MINIMAL = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export function multipartBody(parts: Array<{ field: string; filename?: string; contentType?: string; data: Buffer | string }>) {
  const boundary = `----sunin${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename !== undefined ? `form-data; name="${part.field}"; filename="${part.filename}"` : `form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid POST /api/signup body; `id` makes its username and email unique. */
export function signupBody(id: string, password: string) {
  return {
    user: { first_name: 'Sig', last_name: 'Nup', user_name: `sig${id}`, email: `sig.${id}@example.com`, phone_number: '5125550100', password, password_confirmation: password, address_1: '1 Way', city: 'Austin', state: 'TX', zip: '78701', account_type: 'referral_partner' },
  };
}

/**
 * A PNG of exactly `size` bytes that the metadata stripping stores whole: PNG_1PX with one more
 * IDAT chunk of `fill` bytes before IEND (decoders ignore image data past the end of the zlib
 * stream). Neither bytes after IEND nor a private chunk would do: image-metadata.ts keeps only
 * the chunks that draw the image, and nothing past IEND.
 */
export function pngOfSize(size: number, fill = 1): Buffer {
  const dataLength = size - PNG_1PX.length - 12;
  if (dataLength < 0) throw new Error(`a padded PNG is at least ${PNG_1PX.length + 12} bytes`);
  const iend = PNG_1PX.length - 12;
  const chunk = Buffer.alloc(12 + dataLength, fill);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('IDAT', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  return Buffer.concat([PNG_1PX.subarray(0, iend), chunk, PNG_1PX.subarray(iend)]);
}

/** A file of `size` bytes of the kind: a padded PNG for 'image', else the minimal PDF followed by `fill` bytes. */
export function fileOfSize(kind: string, size: number, fill = 0): Buffer {
  return kind === 'image' ? pngOfSize(size, fill) : Buffer.concat([PDF_MINIMAL, Buffer.alloc(size - PDF_MINIMAL.length, fill)]);
}
