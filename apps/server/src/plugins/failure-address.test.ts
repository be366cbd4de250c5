import { describe, expect, it } from 'vitest';
import { failureAddress } from './rate-limits.js';

describe('failureAddress', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and groups IPv6 by its /64', () => {
    expect(failureAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(failureAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(failureAddress('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(failureAddress('2001:0db8:0000:0001::1')).toBe('2001:db8:0:1::/64');
    expect(failureAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(failureAddress('::1')).toBe('0:0:0:0::/64');
    expect(failureAddress('2001:db8:0:1::1')).toBe(failureAddress('2001:db8:0:1:ffff::9'));
  });
});
