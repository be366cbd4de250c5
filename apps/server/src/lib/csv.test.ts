import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvStream, inBatches, neutraliseFormula } from './csv.js';

describe('neutraliseFormula', () => {
  it('prefixes a single quote to a cell a spreadsheet would read as a formula (OWASP CSV injection)', () => {
    for (const cell of ['=HYPERLINK("x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20A']) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves every other cell as it is', () => {
    for (const cell of ['', 'Acme', ' =1', "'=1", '1-2', 'a=b', 'José', '5551234567']) expect(neutraliseFormula(cell)).toBe(cell);
  });
});

describe('csvStream', () => {
  // Buffer decoding keeps the byte order mark (a TextDecoder would drop it).
  const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');
  async function* from<T>(...batches: T[][]) {
    yield* batches;
  }

  it('writes a BOM, a header row and RFC 4180 quoting, neutralising each cell', async () => {
    const columns = [
      { header: 'ID', value: (row: { id: number; name: string | null }) => row.id },
      { header: 'Name, full', value: (row: { id: number; name: string | null }) => row.name },
    ];
    const csv = await text(csvStream(columns, from([{ id: 1, name: 'Smith, "Jo"\nJr' }, { id: 2, name: null }], [], [{ id: 3, name: '=1+1' }])));
    expect(csv).toBe('\uFEFFID,"Name, full"\r\n1,"Smith, ""Jo""\nJr"\r\n2,\r\n3,\'=1+1\r\n');
  });

  it('ends the stream with the error when reading the rows fails', async () => {
    async function* failing() {
      yield [{ id: 1 }];
      throw new Error('database gone');
    }
    await expect(text(csvStream([{ header: 'ID', value: (row: { id: number }) => row.id }], failing()))).rejects.toThrow('database gone');
  });
});

describe('inBatches', () => {
  it('reads pages of the given size until a short page', async () => {
    const rows = Array.from({ length: 7 }, (_, index) => index);
    const calls: Array<[number, number]> = [];
    const read = async (limit: number, offset: number) => {
      calls.push([limit, offset]);
      return rows.slice(offset, offset + limit);
    };
    const seen: number[][] = [];
    for await (const batch of inBatches(read, 3)) seen.push(batch);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(calls).toEqual([[3, 0], [3, 3], [3, 6]]);
    const exact: number[][] = [];
    for await (const batch of inBatches(async (limit, offset) => rows.slice(0, 6).slice(offset, offset + limit), 3)) exact.push(batch);
    expect(exact).toEqual([[0, 1, 2], [3, 4, 5], []]);
  });
});
