// The server's API and unit test files (not the reliability suite's, which has its own config),
// each with its text, as paths relative to apps/server with forward slashes: the Vitest config
// picks the ones that replace a module, and database-test-files.mjs the ones that reach a database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function serverTestFiles() {
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.startsWith(`reliability${path.sep}`))
    .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}
