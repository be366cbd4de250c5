import { describe, expect, it } from 'vitest';
import { stripToAmount } from './projects.js';

/** Every prefix of `typed`, fed through the input one key at a time, as a member types it. */
function typeInto(typed: string): string {
  return [...typed].reduce((value, key) => stripToAmount(value + key), '');
}

describe('stripToAmount (the power-bill input, member-app.md 2; issue 14 item 3)', () => {
  it('keeps digits and dots only', () => {
    expect(stripToAmount('$1,2a34.5x')).toBe('1234.5');
    expect(stripToAmount('')).toBe('');
  });

  it('keeps only the first decimal point', () => {
    expect(stripToAmount('1.250.00')).toBe('1.25');
    expect(typeInto('1.250.00')).toBe('1.25');
    expect(typeInto('12..5')).toBe('12.5');
  });

  it('keeps at most two decimals as the member types', () => {
    expect(typeInto('1250.505')).toBe('1250.50');
    expect(stripToAmount('0.999')).toBe('0.99');
  });

  it('lets a trailing or leading dot stand while typing', () => {
    expect(typeInto('1250.')).toBe('1250.');
    expect(typeInto('.5')).toBe('.5');
  });
});
