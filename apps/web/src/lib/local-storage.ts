/**
 * localStorage that never throws: private windows, full quotas and disabled storage just mean
 * nothing is remembered.
 */
export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Remembering is a convenience; losing it is harmless.
  }
}
