import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CSV_EXPORT_FAILED_LINE, csvStream, inBatches, neutraliseFormula } from './csv.js';

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
  const unexpected = (error: unknown) => {
    throw error;
  };

  it('writes a BOM, a header row and RFC 4180 quoting, neutralising each cell', async () => {
    const columns = [
      { header: 'ID', value: (row: { id: number; name: string | null }) => row.id },
      { header: 'Name, full', value: (row: { id: number; name: string | null }) => row.name },
    ];
    const csv = await text(await csvStream(columns, from([{ id: 1, name: 'Smith, "Jo"\nJr' }, { id: 2, name: null }], [], [{ id: 3, name: '=1+1' }]), unexpected));
    expect(csv).toBe('\uFEFFID,"Name, full"\r\n1,"Smith, ""Jo""\nJr"\r\n2,\r\n3,\'=1+1\r\n');
  });

  it('writes numbers as plain numbers, a negative amount included, while text starting with - is still neutralised (issue 37 item 1)', async () => {
    const columns = [
      { header: 'Amount', value: (row: { amount: number; note: string }) => row.amount },
      { header: 'Note', value: (row: { amount: number; note: string }) => row.note },
    ];
    const csv = await text(await csvStream(columns, from([{ amount: -120.5, note: '-2+3' }, { amount: 1234.5, note: 'ok' }, { amount: Number.NaN, note: '' }]), unexpected));
    expect(csv).toBe("\uFEFFAmount,Note\r\n-120.5,'-2+3\r\n1234.5,ok\r\n,\r\n");
  });

  it('ends a file that fails after its first batch with the error line, and hands the error on (issue 34 item 6)', async () => {
    async function* failing() {
      yield [{ id: 1 }];
      yield [{ id: 2 }];
      throw new Error('database gone');
    }
    const errors: unknown[] = [];
    const csv = await text(await csvStream([{ header: 'ID', value: (row: { id: number }) => row.id }], failing(), (error) => errors.push(error)));
    expect(csv).toBe(`\uFEFFID\r\n1\r\n2\r\n${CSV_EXPORT_FAILED_LINE}\r\n`);
    expect(errors).toEqual([new Error('database gone')]);
  });

  it('rejects before any byte when the first batch fails, to be answered as an error response', async () => {
    const failing: AsyncIterable<{ id: number }[]> = { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('database gone')) }) };
    await expect(csvStream([{ header: 'ID', value: (row: { id: number }) => row.id }], failing, unexpected)).rejects.toThrow('database gone');
    // A row the serializer cannot write, in the first batch, too.
    const unwritable = [{ header: 'At', value: () => new Date(Number.NaN).toISOString() }];
    await expect(csvStream(unwritable, from([{ id: 1 }]), unexpected)).rejects.toThrow(RangeError);
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
