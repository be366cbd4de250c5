/**
 * pg's `Result.addFields` runs for every query, on the column description PostgreSQL sends with
 * each execution of a prepared statement. Besides the parsers, it builds an empty row object of
 * the column names (a store per name, then a copy) that only object rows use. The statements
 * `run` prepares read their rows as arrays (docs/decisions/061), so for them that object is
 * work thrown away: in a profile of GET /api/projects/:id (43 columns) it was the largest single
 * cost the portal had beyond the same-semantics lean server's, about 17 µs a request against the
 * lean's 11 (issue 42 item 1; the name stores see every column list the process reads).
 *
 * `skipEmptyRowForArrayRows` gives array results an `addFields` that keeps the fields and
 * parsers exactly as pg's does and skips that object; object results keep pg's own. It patches
 * only a `Result` of the shape it was written for (pg 8: `rowAsArray`, `_parsers`, `_types`,
 * `_prebuiltEmptyResultObject`), and leaves any other as it is. `array-row-fields.test.ts`
 * checks the shape against the installed pg, so an upgrade that changes it fails there.
 */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}
interface TypeParsers {
  getTypeParser(oid: number, format: string): (value: unknown) => unknown;
}
interface PgResult {
  rowAsArray: boolean;
  fields: FieldDescription[];
  _parsers: Array<(value: unknown) => unknown> | undefined;
  _types: TypeParsers | undefined;
  _prebuiltEmptyResultObject: unknown;
  addFields(fields: FieldDescription[]): void;
}
type ResultClass = new (rowMode?: string, types?: TypeParsers) => PgResult;
/** The parts of the pg module it uses: its Result and the type parsers it reads by default (both public). */
export interface PgModule {
  Result: unknown;
  types: unknown;
}

/** Whether this pg's Result is the shape the patch was written for. */
export function hasExpectedShape(Result: ResultClass): boolean {
  const array = new Result('array');
  const plain = new Result();
  return array.rowAsArray === true && plain.rowAsArray === false && '_parsers' in array && '_types' in array && '_prebuiltEmptyResultObject' in array && typeof Result.prototype.addFields === 'function';
}

const patched = new WeakSet<object>();

/** Installs the array-row addFields on pg's Result; answers whether it did (false for an unknown shape). */
export function skipEmptyRowForArrayRows(pg: PgModule): boolean {
  const Result = pg.Result as ResultClass;
  const types = pg.types as TypeParsers;
  if (patched.has(Result)) return true;
  if (typeof Result !== 'function' || typeof types?.getTypeParser !== 'function' || !hasExpectedShape(Result)) return false;
  const pgAddFields = Result.prototype.addFields;
  Result.prototype.addFields = function addFields(this: PgResult, fieldDescriptions: FieldDescription[]) {
    if (!this.rowAsArray) return pgAddFields.call(this, fieldDescriptions);
    this.fields = fieldDescriptions;
    const parsers = fieldDescriptions.length ? new Array<(value: unknown) => unknown>(fieldDescriptions.length) : this._parsers;
    const source = this._types ?? types;
    for (let index = 0; index < fieldDescriptions.length; index++) {
      const field = fieldDescriptions[index]!;
      parsers![index] = source.getTypeParser(field.dataTypeID, field.format || 'text');
    }
    this._parsers = parsers;
  };
  patched.add(Result);
  return true;
}
