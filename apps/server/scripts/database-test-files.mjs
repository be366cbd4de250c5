// The API and unit test files that can open a database or Redis, for CI's second pass on
// PostgreSQL and Redis (.ci/run): a file that names none of the ways in (the test app, the
// database client, DATABASE_URL or REDIS_URL, a Redis client, the services and processes
// helpers) runs the same code on either database, so running it again proves nothing new
// (docs/decisions/059). Prints the paths, one per line, relative to apps/server.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WAYS_IN = /test-app|db\/client|openDatabase|createPglite|DATABASE_URL|REDIS_URL|redis|services\.js|processes\.js/i;

const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith(`reliability${path.sep}`))
  .map((file) => path.join('src', file))
  .filter((file) => WAYS_IN.test(readFileSync(path.join(root, file), 'utf8')))
  .sort();
process.stdout.write(`${files.join('\n')}\n`);
