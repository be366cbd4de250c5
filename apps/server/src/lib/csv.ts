import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV
 * Injection"): = + - @, tab and carriage return, and the full-width forms some spreadsheets
 * normalise to them.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/**
 * A cell a spreadsheet shows as text: one that would start a formula gets a leading single
 * quote (issue 15 item 3), so `=HYPERLINK("x")` in a company name stays a company name.
 */
export function neutraliseFormula(cell: string): string {
  return cell.length > 0 && FORMULA_STARTS.has(cell[0]!) ? `'${cell}` : cell;
}

/**
 * One column of an export: its header and how a row fills it. A number is written as it is
 * (`-120.5`, never `'-120.5`): the export computed it, so it cannot carry a formula, and a
 * negative amount must stay a number for the spreadsheet. Text always goes through
 * neutraliseFormula.
 */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | null | undefined;
}

const cellOf = (value: string | number | null | undefined): string => (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : neutraliseFormula(value ?? ''));

/** The last line of an export that failed after its first rows were sent (issue 34 item 6). */
export const CSV_EXPORT_FAILED_LINE = '# Export failed: the rows above are incomplete. Please try again.';

/**
 * RFC 4180 CSV with a header row, as a stream: one chunk per batch of rows, each batch read
 * only when the client has taken the one before (backpressure), so the file is never held
 * whole in memory and a large export is a few socket writes, not one per row. Quoting is
 * csv-stringify's; every text cell goes through neutraliseFormula first. The UTF-8 byte order mark
 * makes Excel read the file as UTF-8 (without it, "José" opens as "JosÃ©").
 *
 * A failure never cuts the connection (issue 34 item 6): the header and the first batch are
 * read and written before anything is sent, so a failure there (a bad filter, the database
 * gone) rejects and answers as an error response; a later failure (the database mid-export, a
 * row the serializer cannot write) is handed to `onError` and ends the file with
 * CSV_EXPORT_FAILED_LINE, so it never looks complete, and the response ends normally.
 */
export async function csvStream<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<Row[]>, onError: (error: unknown) => void): Promise<Readable> {
  const options = { record_delimiter: '\r\n' } as const;
  const cells = (row: Row) => columns.map((column) => cellOf(column.value(row)));
  const written = (rows: Row[]) => Buffer.from(stringify(rows.map(cells), options));
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = Buffer.concat([Buffer.from(`\uFEFF${stringify([columns.map((column) => column.header)], options)}`), first.done ? Buffer.alloc(0) : written(first.value)]);
  return Readable.from(
    (async function* () {
      yield head;
      if (first.done) return;
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) if (next.value.length > 0) yield written(next.value);
      } catch (error) {
        onError(error);
        yield Buffer.from(`${CSV_EXPORT_FAILED_LINE}\r\n`);
      }
    })(),
    { objectMode: false },
  );
}

/** Reads a list in pages of `size` until a short page: a query that takes its limit and offset. */
export async function* inBatches<Row>(read: (limit: number, offset: number) => Promise<Row[]>, size: number): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += size) {
    const batch = await read(size, offset);
    yield batch;
    if (batch.length < size) return;
  }
}
