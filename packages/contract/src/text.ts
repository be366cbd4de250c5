/** Text transforms the signup wizard applies before sending (member-app.md 5). */

/** "jane   o'neil-smith" -> "Jane O'neil-Smith": each word and hyphenated part capitalised. */
export function toTitleCase(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_match, separator: string, letter: string) => separator + letter.toUpperCase());
}

/** A 2-letter state is upper-cased ("ca" -> "CA"), anything else title-cased. */
export function normalizeState(value: string): string {
  const trimmed = value.trim();
  return /^[a-z]{2}$/i.test(trimmed) ? trimmed.toUpperCase() : toTitleCase(trimmed);
}

export function toLowerTrimmed(value: string): string {
  return value.trim().toLowerCase();
}

/** Keeps digits only: "(555) 123-4567" -> "5551234567". */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}
