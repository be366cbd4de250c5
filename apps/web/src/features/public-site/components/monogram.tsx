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

/**
 * A portrait for a person without a photo: their initials on a brand-coloured disc. Decorative
 * by default, since the name is written next to it; `label` makes it an image with that name.
 */
export function Monogram({ name, label, className = 'size-24 text-3xl' }: { name: string; label?: string; className?: string }) {
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-monogram=""
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold tracking-wide text-white select-none ring-4 ring-brand-100 ${className}`}
    >
      {initials(name)}
    </span>
  );
}
