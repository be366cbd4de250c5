/**
 * CSV of a chart's data, built in the browser (issue 17: each chart has a CSV download). The
 * same rules as the server's exports (apps/server/src/lib/csv.ts): RFC 4180 quoting, CRLF
 * lines, a UTF-8 byte order mark for Excel, and a text cell that would start a formula gets a
 * leading single quote. Numbers are written as numbers (a negative amount stays a number).
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

export type CsvCell = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvCell;
}

function cellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = cell.length > 0 && FORMULA_STARTS.has(cell[0] as string) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => cellText(column.header)), ...rows.map((row) => columns.map((column) => cellText(column.value(row))))];
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** Saves `csv` as `filename` through a temporary object URL. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
