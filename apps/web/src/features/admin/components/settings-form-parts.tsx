import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date-time';

/** The server's reasons for refusing a settings form, each once. */
export function settingsFailure(failure: unknown): string {
  return failure instanceof ApiError ? [...new Set([failure.message, ...Object.values(failure.fields)])].join(' ') : 'The settings could not be saved. Please try again.';
}

export function SettingsError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700">
      {message}
    </p>
  );
}

/** Who changed the settings last, "Fill in the defaults" and Save: the foot of the admin settings pages. */
export function SettingsFooter({ updatedAt, updatedByName, onDefaults, saving }: { updatedAt: string | null; updatedByName: string | null; onDefaults: () => void; saving: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
      <p className="text-sm text-ink-600 sm:mr-auto">{updatedAt ? `Last changed by ${updatedByName ?? 'a former administrator'}, ${formatDateTime(updatedAt)}.` : 'The defaults of DOMAIN.md are in use.'}</p>
      <Button variant="secondary" onClick={onDefaults}>
        Fill in the defaults
      </Button>
      <Button type="submit" pending={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </Button>
    </div>
  );
}
