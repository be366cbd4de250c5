import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hasExpectedShape, skipEmptyRowForArrayRows } from './array-row-fields.js';

// int4, timestamptz, text, jsonb: as PostgreSQL describes a row's columns.
const fields = [
  { name: 'id', dataTypeID: 23, format: 'text' },
  { name: 'created_at', dataTypeID: 1184, format: 'text' },
  { name: 'company_name', dataTypeID: 25, format: 'text' },
  { name: 'meters', dataTypeID: 3802, format: 'text' },
];
type TestResult = { addFields(f: ReadonlyArray<{ name: string; dataTypeID: number; format: string }>): void; parseRow(v: string[]): unknown; fields: unknown; _prebuiltEmptyResultObject: unknown };
const Result = pg.Result as unknown as new (rowMode?: string, types?: unknown) => TestResult;
const values = ['7', '2026-12-07 10:01:16.319+00', 'Acme', '[{"name":"Main"}]'];

describe('skipEmptyRowForArrayRows', () => {
  it("holds for the installed pg: its Result is the shape the patch was written for (an upgrade that changes it fails here)", () => {
    expect(hasExpectedShape(pg.Result as never)).toBe(true);
    expect(skipEmptyRowForArrayRows(pg)).toBe(true);
  });

  it('parses array rows as pg does, without building the empty object row', () => {
    skipEmptyRowForArrayRows(pg);
    const result = new Result('array');
    result.addFields(fields);
    expect(result.fields).toBe(fields);
    expect(result._prebuiltEmptyResultObject).toBeNull();
    expect(result.parseRow(values)).toEqual([7, new Date('2026-12-07T10:01:16.319Z'), 'Acme', [{ name: 'Main' }]]);
    // A second set of fields (a second statement's description) replaces the first.
    result.addFields([{ name: 'n', dataTypeID: 20, format: 'text' }]);
    expect(result.parseRow(['9007199254740993'])).toEqual(['9007199254740993']);
  });

  it("keeps pg's own object rows, and a query's own type parsers", () => {
    skipEmptyRowForArrayRows(pg);
    const objects = new Result();
    objects.addFields(fields);
    expect(objects.parseRow(values)).toEqual({ id: 7, created_at: new Date('2026-12-07T10:01:16.319Z'), company_name: 'Acme', meters: [{ name: 'Main' }] });
    const custom = new Result('array', { getTypeParser: () => (value: string) => `<${value}>` });
    custom.addFields(fields);
    expect(custom.parseRow(values)).toEqual(values.map((value) => `<${value}>`));
  });

  it('leaves a Result of another shape as it is', () => {
    class OtherResult {
      rows = [];
      addFields() {}
    }
    const addFields = OtherResult.prototype.addFields;
    expect(skipEmptyRowForArrayRows({ Result: OtherResult, types: pg.types })).toBe(false);
    expect(OtherResult.prototype.addFields).toBe(addFields);
  });
});
