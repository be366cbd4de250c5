import { inflateSync } from 'node:zlib';

/**
 * The text runs of a pdfkit PDF, for tests: each content stream inflated, each `TJ` array's hex
 * glyph codes (pdfkit writes the standard fonts' text in WinAnsi as hex) decoded and joined.
 * One string per text run, in drawing order; and the page count.
 */
export function pdfText(bytes: Buffer): { runs: string[]; pages: number } {
  const raw = bytes.toString('latin1');
  const runs: string[] = [];
  for (const match of raw.matchAll(/(?<!end)stream\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('\nendstream', start);
    if (end < 0) break;
    const data = Buffer.from(raw.slice(start, end), 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      runs.push([...match[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return { runs, pages: (raw.match(/\/Type \/Page\b(?!s)/g) ?? []).length };
}
