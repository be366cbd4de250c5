import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { useTempDirs } from './temp-dirs.js';

/** The server's migrations folder. */
export const migrationsFolder = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/**
 * For a migration's test: a function giving the migrations folder as it was before `tag` (the
 * same files, with the journal cut there), in a temporary directory removed after the test.
 */
export function useMigrationsBefore(): (tag: string) => string {
  const tempDir = useTempDirs('sunin-migration-');
  return (tag) => {
    const folder = tempDir();
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
    const cut = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    return folder;
  };
}
