import { useId } from 'react';

interface CheckboxGroupProps<T extends string> {
  /** The fieldset's legend: the group's accessible name. */
  legend: string;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** One line of help under the legend. */
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
}

/**
 * A set of native checkboxes in a fieldset (a token's scopes, a webhook's events): Tab and Space
 * work as everywhere, the legend names the group, and its error is tied to the group.
 * The value keeps the options' order, whatever order they were ticked in.
 */
export function CheckboxGroup<T extends string>({ legend, options, labels, value, onChange, hint, error, className = '' }: CheckboxGroupProps<T>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const toggle = (option: T, checked: boolean) => onChange(options.filter((other) => (other === option ? checked : value.includes(other))));
  return (
    <fieldset className={className} aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-ink-700">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <div key={option} className="flex items-start gap-2">
            <input
              id={`${id}-${option}`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-ink-300 text-brand-700 focus:ring-brand-600"
              checked={value.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            <label htmlFor={`${id}-${option}`} className="text-sm text-ink-800">
              {labels[option]}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
