import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A table's columns by name, for the select list or RETURNING of a prepared statement, which
 * never says `*` (decision 058): PostgreSQL keeps a named statement's plan on each connection,
 * and once a migration adds a column, a `*` statement prepared before it fails with "cached plan
 * must not change result type" (0A000) in a process still running the old code. Listed, the
 * statement answers the columns this code knows whatever is added. `prefix` is the table's
 * alias; `replace` gives a column another expression, under the column's own name.
 */
export function columnList(table: Table, prefix?: string, replace: Readonly<Record<string, string>> = {}): string {
  const qualifier = prefix ? `${prefix}.` : '';
  return Object.values(getTableColumns(table))
    .map((column) => (column.name in replace ? `${replace[column.name]} as ${column.name}` : `${qualifier}${column.name}`))
    .join(', ');
}
