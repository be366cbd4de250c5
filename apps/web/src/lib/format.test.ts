import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, formatUsd } from './format';

describe('formatPhoneNumber (issue 14 item 19)', () => {
  it('writes ten US digits as (555) 123-4567, however they were typed', () => {
    expect(formatPhoneNumber('5551234567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('555-123-4567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('(555) 123 4567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('+1 555 123 4567')).toBe('(555) 123-4567');
    expect(formatPhoneNumber('15551234567')).toBe('(555) 123-4567');
  });

  it('leaves what it cannot read as typed, and empty as empty', () => {
    expect(formatPhoneNumber('555-1234')).toBe('555-1234');
    expect(formatPhoneNumber('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('555 123 4567 ext. 12')).toBe('555 123 4567 ext. 12');
    expect(formatPhoneNumber('')).toBe('');
    expect(formatPhoneNumber(null)).toBe('');
  });
});

describe('formatUsd (issue 14 item 19)', () => {
  it('shows dollars with thousands separators and two decimals', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('1250')).toBe('$1,250.00');
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd('1,234.567')).toBe('$1,234.57');
    expect(formatUsd('$99')).toBe('$99.00');
  });

  it('keeps empty empty and never shows $NaN', () => {
    expect(formatUsd('')).toBe('');
    expect(formatUsd(null)).toBe('');
    expect(formatUsd('1.250.00')).toBe('1.250.00');
  });
});
