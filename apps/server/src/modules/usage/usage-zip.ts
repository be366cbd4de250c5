import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * ZIP downloads of Green Button data (issue 35 item 2): utilities hand out "Download My Data"
 * as a ZIP holding one XML or CSV file. yauzl reads the archive from its central directory
 * (the authoritative list of entries, with their encryption flag and declared sizes) and checks
 * while inflating that no entry grows past its declared size, so a zip bomb is refused before
 * it is inflated: the one usable entry may unpack to at most the upload limit.
 */

/** The first bytes of a ZIP archive (a local file header, or the end record of an empty one). */
export const isZip = (head: Uint8Array) => head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06));

/** The first bytes of the other archive and compressed formats a ZIP may hold. */
export function isArchive(head: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  return (
    isZip(head) ||
    starts(0x1f, 0x8b) || // gzip
    starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) || // 7z
    starts(0x52, 0x61, 0x72, 0x21) || // RAR
    starts(0x42, 0x5a, 0x68) || // bzip2
    starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00) // xz
  );
}

/** Entries that are no file of the download: folders and the metadata macOS adds to archives. */
const isClutter = (name: string) => name.endsWith('/') || /(^|\/)__MACOSX\//.test(name) || /(^|\/)\._/.test(name) || /(^|\/)\.DS_Store$/.test(name);

export class ZipRefused extends Error {}

/** The most entries listed: one file, its folder and the extras an archiver adds (macOS's __MACOSX). */
export const MAX_ZIP_ENTRIES = 16;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

function openBuffer(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, zipfile) => (error ? reject(error) : resolve(zipfile)));
  });
}

function listEntries(zipfile: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zipfile.on('entry', (entry: Entry) => {
      entries.push(entry);
      zipfile.readEntry();
    });
    zipfile.once('end', () => resolve(entries));
    zipfile.once('error', reject);
    zipfile.readEntry();
  });
}

function openEntry(zipfile: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zipfile.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))));
}

/**
 * The one usable file of a ZIP archive, as a stream of its bytes (at most `maxBytes`).
 * Refuses, with a message a partner reads, an archive that holds no file or more than one,
 * an encrypted entry, an entry larger than `maxBytes` once unpacked, or an unreadable archive.
 */
export async function singleZipEntry(buffer: Buffer, maxBytes: number): Promise<{ name: string; stream: AsyncIterable<Buffer> }> {
  let zipfile: ZipFile;
  let entries: Entry[];
  try {
    zipfile = await openBuffer(buffer);
    // The central directory says how many entries there are before any is listed: a download holds one file and a few extras.
    if (zipfile.entryCount > MAX_ZIP_ENTRIES) {
      zipfile.close();
      throw new ZipRefused(`The ZIP file holds ${zipfile.entryCount} entries: upload a ZIP holding one Green Button XML or CSV file, or that file itself.`);
    }
    entries = await listEntries(zipfile);
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    throw new ZipRefused(`The ZIP file cannot be read (${error instanceof Error ? error.message : 'damaged archive'}).`);
  }
  const files = entries.filter((entry) => !isClutter(entry.fileName));
  if (files.length === 0) throw new ZipRefused('The ZIP file holds no file: it should hold one Green Button XML or CSV file.');
  if (files.length > 1) throw new ZipRefused(`The ZIP file holds ${files.length} files: upload a ZIP holding one Green Button XML or CSV file, or that file itself.`);
  const entry = files[0]!;
  if (entry.isEncrypted()) throw new ZipRefused('The ZIP file is encrypted (password-protected): download the usage data again without a password.');
  if (entry.uncompressedSize > maxBytes) {
    throw new ZipRefused(`The file inside the ZIP would be ${megabytes(entry.uncompressedSize)} once unpacked, more than the upload limit of ${megabytes(maxBytes)}.`);
  }
  let stream: Readable;
  try {
    stream = await openEntry(zipfile, entry);
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    throw new ZipRefused(`The ZIP file cannot be read (${error instanceof Error ? error.message : 'damaged archive'}).`);
  }
  async function* bytes(): AsyncGenerator<Buffer> {
    let total = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw new ZipRefused(`The file inside the ZIP is larger than the upload limit of ${megabytes(maxBytes)} once unpacked.`);
        yield chunk;
      }
    } catch (error) {
      if (error instanceof ZipRefused) throw error;
      // yauzl's size checks: an entry that inflates past its declared size is a zip bomb.
      throw new ZipRefused(`The ZIP file cannot be read (${error instanceof Error ? error.message : 'damaged archive'}).`);
    } finally {
      stream.destroy();
      zipfile.close();
    }
  }
  return { name: entry.fileName, stream: bytes() };
}
