import type { ByteRange } from './storage.js';

/** One range: `first-last`, `first-` or `-suffixLength` (RFC 9110 14.1.2), spaces allowed around the parts. */
const SINGLE_RANGE = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * What a download's Range header asks of a file of `size` bytes (RFC 9110 14.2):
 * - a range within the file, its end clipped to the last byte;
 * - 'unsatisfiable' when it starts at or past the end (or asks for the last 0 bytes);
 * - undefined when there is no header, or one a server may ignore (another unit, several
 *   ranges, a malformed value, first > last): the whole file is then sent with 200.
 */
export function resolveByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = SINGLE_RANGE.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
