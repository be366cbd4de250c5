// The API and unit test files that can open a database or Redis, for CI's second pass on
// PostgreSQL and Redis (.ci/run): a file that names none of the ways in (the test app, the
// database client, DATABASE_URL or REDIS_URL, a Redis client, the services and processes
// helpers) runs the same code on either database, so running it again proves nothing new
// (docs/decisions/059). Prints the paths, one per line, relative to apps/server.
import { serverTestFiles } from './test-files.mjs';

const WAYS_IN = /test-app|db\/client|openDatabase|createPglite|DATABASE_URL|REDIS_URL|redis|services\.js|processes\.js/i;

const files = serverTestFiles()
  .filter(({ text }) => WAYS_IN.test(text))
  .map(({ file }) => file);
process.stdout.write(`${files.join('\n')}\n`);
