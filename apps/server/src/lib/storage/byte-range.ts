import type { ByteRange } from './storage.js';

/**
 * One range: `first-last`, `first-` or `-suffixLength` (RFC 9110 14.1.2), spaces allowed around
 * the parts. Each run of spaces is followed by something it cannot match (a digit run that is
 * not optional on its own, `-`, `=` or the end), so a failing match backtracks linearly: the
 * earlier `\s*(\d*)\s*` could split a run of spaces between its two `\s*` in every way
 * (`bytes=0-` and 16,000 spaces and `x` held the event loop for about 0.2 s).
 */
const SINGLE_RANGE = /^\s*bytes\s*=\s*(?:(\d+)\s*)?-\s*(?:(\d+)\s*)?$/i;
/** A single range of two 20-digit offsets and generous spaces fits; anything longer is ignored unread. */
export const RANGE_HEADER_MAX_LENGTH = 200;

/**
 * What a download's Range header asks of a file of `size` bytes (RFC 9110 14.2):
 * - a range within the file, its end clipped to the last byte;
 * - 'unsatisfiable' when it starts at or past the end (or asks for the last 0 bytes);
 * - undefined when there is no header, or one a server may ignore (another unit, several
 *   ranges, a malformed value, first > last, a value over RANGE_HEADER_MAX_LENGTH): the whole
 *   file is then sent with 200.
 */
export function resolveByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined || header.length > RANGE_HEADER_MAX_LENGTH) return undefined;
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
