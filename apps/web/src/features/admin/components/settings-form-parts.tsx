import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
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
export function SettingsFooter({
  updatedAt,
  updatedByName,
  onDefaults,
  saving,
  defaultsNote = 'The defaults of DOMAIN.md are in use.',
}: {
  updatedAt: string | null;
  updatedByName: string | null;
  onDefaults: () => void;
  saving: boolean;
  /** What the page says while no administrator has saved a value. */
  defaultsNote?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
      <p className="text-sm text-ink-600 sm:mr-auto">{updatedAt ? `Last changed by ${updatedByName ?? 'a former administrator'}, ${formatDateTime(updatedAt)}.` : defaultsNote}</p>
      <Button variant="secondary" onClick={onDefaults}>
        Fill in the defaults
      </Button>
      <Button type="submit" pending={saving}>
        {saving ? 'Saving…' : 'Save settings'}
      </Button>
    </div>
  );
}

/**
 * A settings form's state and Save: the saved value goes back into the form, a toast says how
 * it went, and a refusal shows the server's reasons (SettingsError).
 */
export function useSettingsForm<Value, Form, Saved>(options: {
  initial: Value;
  toForm: (value: Value) => Form;
  fromForm: (form: Form) => Value;
  save: UseMutationResult<Saved, unknown, Value>;
  savedValue: (saved: Saved) => Value;
  toasts: { saved: string; failed: string };
  /** The form's own check before anything is sent: a message per field key; none to save. */
  validate?: (form: Form) => Record<string, string>;
}) {
  const { initial, toForm, fromForm, save, savedValue, toasts, validate } = options;
  const [form, setForm] = useState<Form>(() => toForm(initial));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    const problems = validate?.(form) ?? {};
    if (Object.keys(problems).length > 0) {
      setError([...new Set(Object.values(problems))].join(' '));
      setFieldErrors(problems);
      return;
    }
    save.mutate(fromForm(form), {
      onSuccess: (saved) => {
        setForm(toForm(savedValue(saved)));
        toast.success(toasts.saved);
      },
      onError: (failure) => {
        setError(settingsFailure(failure));
        setFieldErrors(failure instanceof ApiError ? failure.fields : {});
        toast.error(toasts.failed);
      },
    });
  };
  /** `fieldErrors`: the reason per field (validate's keys, or the server's path such as 'assumptions.discount_rate'), to show beside the field. */
  return { form, setForm, error, fieldErrors, submit };
}

/** A settings page's body: a spinner, the load error with Retry, or the form (remounted when another save lands). */
export function SettingsBody<T extends { updated_at: string | null }>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <PageSpinner label={`Loading the ${what}…`} />;
  if (query.isError) return <LoadError message={`The ${what} could not be loaded.`} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  return <Fragment key={query.data.updated_at ?? 'defaults'}>{children(query.data)}</Fragment>;
}
