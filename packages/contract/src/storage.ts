import { z } from 'zod';

/** GET /api/user/storage: the bytes under the caller's projects and the quota they count against. */
export const storageUsageSchema = z.object({
  used_bytes: z.number().int().nonnegative(),
  quota_bytes: z.number().int().positive(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * A size as the portal shows it, in steps of 1024 like the asset lists: 5368709120 -> "5 GB",
 * 1288490189 -> "1.2 GB". The server's quota message and the Assets tab's usage line share it.
 */
export function formatStorageSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? String(Math.round(value)) : oneDecimal.format(value)} ${UNITS[unit]}`;
}
