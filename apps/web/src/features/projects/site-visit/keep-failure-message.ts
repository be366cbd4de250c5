import { ApiError } from '../../../lib/api-client';
import { isQuotaExceeded, QueueStorageFullError, QueueUnavailableError } from '../../../lib/offline-queue/queue-errors';
import { UNREADABLE_PHOTO_MESSAGE, UnreadablePhotoError } from './photo-processing';

export const NOT_KEPT_MESSAGE = 'It could not be kept on this device. Please try again.';

/**
 * Why a photo, scan, note or utility save could not be kept or sent (issue 41), in the
 * partner's words: an unreadable picture, a full device, a browser that keeps nothing offline,
 * or the server's refusal when such a browser sent it at once.
 */
export function keepFailureMessage(error: unknown): string {
  if (error instanceof UnreadablePhotoError) return UNREADABLE_PHOTO_MESSAGE;
  if (error instanceof QueueStorageFullError || error instanceof QueueUnavailableError || error instanceof ApiError) return error.message;
  if (isQuotaExceeded(error)) return new QueueStorageFullError().message;
  return NOT_KEPT_MESSAGE;
}
