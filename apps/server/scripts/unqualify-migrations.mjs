// drizzle-kit writes foreign keys as REFERENCES "public"."table". Our migrations must run in
// whatever schema the connection's search_path names (tests use a private schema each), so
// the qualifier is removed after every `db:generate`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../drizzle/', import.meta.url);
for (const name of readdirSync(dir).filter((file) => file.endsWith('.sql'))) {
  const file = new URL(name, dir);
  const sql = readFileSync(file, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(file, fixed);
}
