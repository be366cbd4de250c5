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
  const copy = useMigrationsCopy();
  return (tag) =>
    copy((entries) => {
      const cut = entries.findIndex((entry) => entry.tag === tag);
      expect(cut).toBeGreaterThan(0);
      return entries.slice(0, cut);
    });
}

/**
 * For a migration's test: a function giving the migrations folder with one more migration of
 * `sql` after the last (to see what a migration leaves to the ones after it in the same run).
 */
export function useMigrationsWithOneMore(): (sql: string) => string {
  const copy = useMigrationsCopy();
  return (sql) =>
    copy((entries, folder) => {
      const last = entries.at(-1)!;
      const tag = `${String(last.idx + 1).padStart(4, '0')}_test_probe`;
      writeFileSync(path.join(folder, `${tag}.sql`), sql);
      return [...entries, { ...last, idx: last.idx + 1, when: last.when + 1, tag }];
    });
}

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations folder copied to a temporary directory (removed after the test), its journal's entries changed by `edit`. */
function useMigrationsCopy(): (edit: (entries: JournalEntry[], folder: string) => JournalEntry[]) => string {
  const tempDir = useTempDirs('sunin-migration-');
  return (edit) => {
    const folder = tempDir();
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: JournalEntry[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: edit(journal.entries, folder) }));
    return folder;
  };
}
