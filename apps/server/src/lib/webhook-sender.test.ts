import { describe, expect, it } from 'vitest';
import { excerptOf } from './webhook-sender.js';

describe('the delivery log excerpt', () => {
  it('keeps text as it came, drops a character the 4 KiB limit cut in two and every NUL', () => {
    expect(excerptOf(Buffer.from('{"ok":true}'))).toBe('{"ok":true}');
    const euro = Buffer.from('€', 'utf8'); // three bytes
    expect(excerptOf(Buffer.concat([Buffer.from('price '), euro.subarray(0, 2)]))).toBe('price ');
    expect(excerptOf(Buffer.from('a\u0000b'))).toBe('ab');
  });

  it('is never longer in characters than the bytes read, whatever bytes a receiver sends', () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37 + 128) % 256));
    const excerpt = excerptOf(binary);
    expect([...excerpt].length).toBeLessThanOrEqual(4096);
    expect(excerpt).not.toContain('\u0000');
  });
});
