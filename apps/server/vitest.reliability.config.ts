import { defineConfig } from 'vitest/config';

/**
 * The reliability suite (docs/decisions/006): real server processes on a private PostgreSQL
 * and Redis that the tests stop and restart. Run by `npm test` (through this workspace's
 * `test` script) and never by CI's second pass, which runs `test:api` against the machine's
 * services; one file at a time, never in parallel with itself.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    include: ['src/reliability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
