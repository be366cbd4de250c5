/** Percentile (nearest rank) of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** The middle value (the upper one of two middles). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function kib(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** A Markdown table (pastes straight into docs/performance.md), numbers right-aligned. */
export function printTable(title: string, headers: string[], rows: string[][]): void {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => /^[-+]?[\d.,]+ ?%?$|^-$/.test(row[i] ?? '')));
  const cell = (text: string, i: number) => (numeric[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0));
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `| ${widths.map((width, i) => (numeric[i] ? `${'-'.repeat(Math.max(width - 1, 1))}:` : '-'.repeat(width))).join(' | ')} |`;
  console.info(`\n### ${title}\n`);
  console.info(line(headers));
  console.info(rule);
  for (const row of rows) console.info(line(row));
  console.info('');
}

/** The "meets" column beside a figure and its target. */
export function meets(ok: boolean): string {
  return ok ? 'yes' : 'NO';
}

export function note(text: string): void {
  console.info(text);
}

export interface TargetRow {
  figure: string;
  measured: string;
  target: string;
  /** undefined: not measured in this run; null: a reference beside the targets, with none of its own. */
  meets: boolean | undefined | null;
}

/** Every figure that has a target, beside it, and whether it meets it. */
export function printTargets(title: string, rows: TargetRow[]): void {
  printTable(
    title,
    ['figure', 'measured', 'target', 'meets'],
    rows.map((row) => [row.figure, row.measured, row.target, row.meets === undefined ? 'not measured' : row.meets === null ? '(reference)' : row.meets ? 'yes' : 'NO']),
  );
}
