import { describe, expect, it } from 'vitest';
import { rowObjects } from './row-objects.js';

const fields = (...names: string[]) => names.map((name) => ({ name }));

describe('rowObjects', () => {
  it("makes the objects pg makes: the columns' names in order, nulls kept, a later column of the same name winning", () => {
    const rows = rowObjects<Record<string, unknown>>('row_objects_a', fields('id', 'name', 'note', 'id'), [
      [1, 'Ann', null, 10],
      [2, 'Bo', 'x', 20],
    ]);
    expect(rows).toEqual([
      { id: 10, name: 'Ann', note: null },
      { id: 20, name: 'Bo', note: 'x' },
    ]);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'name', 'note']);
  });

  it('takes any column name as a plain key, quotes and backslashes too, never as code', () => {
    const name = '"; globalThis.hacked = true; "\\';
    const [row] = rowObjects<Record<string, unknown>>('row_objects_b', fields(name, '__proto__', 'constructor'), [[1, 2, 3]]);
    expect(row![name]).toBe(1);
    expect(Object.keys(row!)).toEqual([name, 'constructor']);
    expect((globalThis as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('follows a statement whose column list changed (a migration under a running process)', () => {
    expect(rowObjects('row_objects_c', fields('a', 'b'), [[1, 2]])).toEqual([{ a: 1, b: 2 }]);
    expect(rowObjects('row_objects_c', fields('a', 'c', 'b'), [[1, 3, 2]])).toEqual([{ a: 1, c: 3, b: 2 }]);
    expect(rowObjects('row_objects_c', fields('a'), [])).toEqual([]);
  });
});
