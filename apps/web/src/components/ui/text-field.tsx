import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  /** Shown after the label for optional fields. */
  optional?: boolean;
  /**
   * Keeps the hint's line even while there is no hint, for a hint that comes and goes as the
   * person types ("Checking availability…"): the form below does not jump, so a click aimed at
   * its button lands on it (a person's mis-click, and the signup e2e flake of issue 34 item 9).
   */
  reserveHint?: boolean;
}

/** A labelled input with its error message tied to it (aria-describedby, aria-invalid). */
export function TextField({ label, error, hint, optional, reserveHint = false, id, className = '', ref, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      {/* "Optional" sits outside the label so the accessible name is exactly `label`. */}
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-ink-700">
          {label}
        </label>
        {optional && <span className="text-xs text-ink-500">Optional</span>}
      </div>
      <input
        id={inputId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink-900 shadow-sm placeholder:text-ink-400 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-ink-100 sm:text-sm ${
          error ? 'border-danger-600' : 'border-ink-300'
        }`}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      )}
      {reserveHint && !hint && !error && (
        <p className="mt-1 text-xs" aria-hidden="true" data-reserved-hint>
          {'\u00a0'}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
