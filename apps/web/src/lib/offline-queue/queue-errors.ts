/** Why an item could not be kept on the device (issue 41): each says so in the partner's words. */
export class QueueStorageFullError extends Error {
  constructor() {
    super('This device is out of storage space, so it could not be kept here. Free some space (or let what waits upload) and try again.');
    this.name = 'QueueStorageFullError';
  }
}

/** A browser without IndexedDB (private modes, turned off) while offline: nothing can wait. */
export class QueueUnavailableError extends Error {
  constructor() {
    super('This browser cannot keep anything on this device, so it cannot be saved offline. Try again when you are online.');
    this.name = 'QueueUnavailableError';
  }
}

export const isQuotaExceeded = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';
