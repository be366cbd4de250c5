import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes, neutralises formula-leading text and keeps numbers as numbers', () => {
    const rows = [
      { name: '=HYPERLINK("x")', amount: -50.25 },
      { name: 'Acme, Inc.\nWest', amount: 1200.3 },
      { name: '@sum', amount: null },
    ];
    const csv = toCsv(
      [
        { header: 'Name', value: (row: (typeof rows)[number]) => row.name },
        { header: 'Amount (USD)', value: (row: (typeof rows)[number]) => row.amount },
      ],
      rows,
    );
    expect(csv).toBe('\uFEFFName,Amount (USD)\r\n"\'=HYPERLINK(""x"")",-50.25\r\n"Acme, Inc.\nWest",1200.3\r\n\'@sum,\r\n');
  });
});
