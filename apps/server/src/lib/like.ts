/** Escapes LIKE's wildcards (backslash is PostgreSQL's default escape) so user text matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere, literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
