import { describe, expect, it } from 'vitest';
import { isoDateIn } from './business-date.js';

describe('isoDateIn (issue 37 item 1)', () => {
  it('writes the date an instant falls on in the zone, across the UTC day and daylight saving', () => {
    const evening = new Date('2026-03-01T05:30:00Z'); // 21:30 on Feb 28 in Los Angeles (PST)
    expect(isoDateIn('America/Los_Angeles', evening)).toBe('2026-02-28');
    expect(isoDateIn('UTC', evening)).toBe('2026-03-01');
    expect(isoDateIn('Asia/Tokyo', new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    // PDT (UTC-7): 06:59 UTC is still the day before, 07:00 UTC is midnight.
    expect(isoDateIn('America/Los_Angeles', new Date('2026-07-04T06:59:00Z'))).toBe('2026-07-03');
    expect(isoDateIn('America/Los_Angeles', new Date('2026-07-04T07:00:00Z'))).toBe('2026-07-04');
  });

  it('writes nothing for no date', () => {
    expect(isoDateIn('UTC', null)).toBe('');
    expect(isoDateIn('UTC', undefined)).toBe('');
  });
});
