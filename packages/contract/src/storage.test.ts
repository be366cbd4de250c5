import { describe, expect, it } from 'vitest';
import { formatStorageSize, storageUsageSchema } from './storage.js';

describe('storage usage', () => {
  it('formats sizes in steps of 1024 with at most one decimal', () => {
    expect(formatStorageSize(0)).toBe('0 B');
    expect(formatStorageSize(1023)).toBe('1023 B');
    expect(formatStorageSize(1536)).toBe('1.5 KB');
    expect(formatStorageSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatStorageSize(1_288_490_189)).toBe('1.2 GB');
    expect(formatStorageSize(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('describes the answer of GET /api/user/storage', () => {
    expect(storageUsageSchema.parse({ used_bytes: 0, quota_bytes: 5 * 1024 ** 3 })).toEqual({ used_bytes: 0, quota_bytes: 5 * 1024 ** 3 });
    expect(storageUsageSchema.safeParse({ used_bytes: -1, quota_bytes: 1 }).success).toBe(false);
  });
});
