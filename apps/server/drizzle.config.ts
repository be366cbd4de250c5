import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npm run db:generate -w apps/server`), committed,
// and applied at start-up by src/db/migrate.ts on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
