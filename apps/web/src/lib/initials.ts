// Its own module, importing nothing: the user menu, which every member page loads at once, and
// the public team page use it, and lib/format.ts would bring the contract's labels and schemas
// along (about 33 KiB gzip on /projects' first load).

/**
 * A person's initials: the first letter of the first and of the last word of the name ("Maya
 * Castillo" → "MC", "Cher" → "C"). Titles and suffixes are skipped ("Dr. Ana de la Cruz Jr." →
 * "AC"); letters outside ASCII count as one letter each.
 */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((word) => word && !/^(?:dr|mr|mrs|ms|prof|jr|sr|ii|iii|iv)$/i.test(word));
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last]
    .filter((word): word is string => Boolean(word))
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase('en-US'))
    .join('');
}
