import { PHONE_DIGITS } from '@sunin/contract';
import { containsPattern } from '../../lib/like.js';

/**
 * How a stored phone number may be written (issue 37 item 5): the sign-up form stores ten digits,
 * older and admin-entered rows hold them formatted. `D` is a digit.
 */
const STORED_FORMATS = ['DDDDDDDDDD', '(DDD) DDD-DDDD', 'DDD-DDD-DDDD', 'DDD.DDD.DDDD', 'DDD DDD DDDD'] as const;

/** A search that is only a phone number as people type one: digits, spaces, brackets, dashes, dots and a leading +. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/** The digits of a phone-like search (a leading country code 1 dropped from eleven digits), or null for any other search. */
export function phoneDigits(q: string): string | null {
  if (!PHONE_LIKE.test(q)) return null;
  let digits = q.replace(/\D/g, '');
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  // Fewer than three characters have no trigram to look up (decision 032).
  return digits.length >= 3 ? digits : null;
}

/**
 * The ILIKE patterns that find `q`'s digits in a phone number however it was stored: "555-1370",
 * "(512) 555-1370", "5125551370" and "+1 512 555 1370" all find "(512) 555-1370" and
 * "5125551370". The digits are laid over every stored format at every place they fit, so each
 * pattern is a plain substring match that users_search_idx answers (decision 032); comparing the
 * digits of the column instead would need an index of its own. Empty for a search that is not a
 * phone number.
 */
export function phoneSearchPatterns(q: string): string[] {
  const digits = phoneDigits(q);
  if (digits === null) return [];
  const patterns = new Set([containsPattern(digits)]);
  for (const format of STORED_FORMATS) {
    const slots = [...format].flatMap((char, index) => (char === 'D' ? [index] : []));
    for (let first = 0; first + digits.length <= slots.length; first++) {
      const start = slots[first]!;
      const end = slots[first + digits.length - 1]!;
      let next = 0;
      const laid = [...format.slice(start, end + 1)].map((char) => (char === 'D' ? digits[next++] : char)).join('');
      patterns.add(containsPattern(laid));
    }
  }
  return [...patterns];
}
