// `npm run db:generate -w apps/server -- --name NAME`: drizzle-kit's generate, then the
// schema-neutral rewrite (see unqualify-migrations.mjs). A wrapper, so that the name reaches
// drizzle-kit.
import { execFileSync } from 'node:child_process';

execFileSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { stdio: 'inherit' });
execFileSync('node', [new URL('./unqualify-migrations.mjs', import.meta.url).pathname], { stdio: 'inherit' });
