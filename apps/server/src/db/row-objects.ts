/**
 * Rows read as arrays made into objects by a function written for their column list (issue 42
 * item 1). pg's own object rows write each column by a name held in a variable; in a process
 * whose queries answer dozens of column lists (the jobs, the outboxes, the admin screens), that
 * one write site sees every list and V8 falls back to its slowest path: a profile of
 * GET /api/projects had pg's parseRow at twice the time a row that the same-semantics lean
 * server (bench/) spent on it. An object literal per column list keeps each list's own fast
 * path. The objects are pg's: the same keys in the same order, a later column of the same name
 * winning.
 */
type RowMaker = (values: unknown[]) => Record<string, unknown>;

interface Maker {
  names: readonly string[];
  make: RowMaker;
}

/** The last maker of each statement name: a statement answers one column list, until a migration changes it. */
const makers = new Map<string, Maker>();

function sameNames(fields: readonly { name: string }[], names: readonly string[]): boolean {
  if (fields.length !== names.length) return false;
  for (let index = 0; index < names.length; index++) if (fields[index]!.name !== names[index]) return false;
  return true;
}

function makerFor(statementName: string, fields: readonly { name: string }[]): RowMaker {
  const known = makers.get(statementName);
  if (known && sameNames(fields, known.names)) return known.make;
  const names = fields.map((field) => field.name);
  // The names are the statement's own column names, each written as a JSON string literal.
  const make = new Function('values', `return { ${names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(', ')} };`) as RowMaker;
  makers.set(statementName, { names, make });
  return make;
}

/** The rows of statement `statementName` (read with rowMode 'array') as objects keyed by `fields`' names. */
export function rowObjects<Row>(statementName: string, fields: readonly { name: string }[], rows: unknown[][]): Row[] {
  const make = makerFor(statementName, fields);
  const objects = new Array<Row>(rows.length);
  for (let index = 0; index < rows.length; index++) objects[index] = make(rows[index]!) as Row;
  return objects;
}
