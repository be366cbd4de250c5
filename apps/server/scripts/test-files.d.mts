/** The server's API and unit test files with their text (scripts/test-files.mjs). */
export function serverTestFiles(): Array<{ file: string; text: string }>;
