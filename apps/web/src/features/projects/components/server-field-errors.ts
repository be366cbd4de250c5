import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/**
 * Puts the server's field messages (422 `fields`) under the matching inputs. Keys the form
 * does not have are ignored; the failure toast still says that the save failed.
 */
export function showServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly string[]): void {
  if (!(error instanceof ApiError)) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if (names.includes(name)) setError(name as Path<T>, { type: 'server', message });
  }
}
