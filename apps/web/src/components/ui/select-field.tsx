import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { fieldClasses, labelClasses } from './field-styles';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly string[];
  /** What each option reads as, when its stored value is not a word (the contract's label maps). */
  labels?: Readonly<Record<string, string>>;
  /** The first, empty choice ('' = not chosen); null for a select that always has a value. */
  placeholder?: string | null;
  /** One line of help under the select. */
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select: the platform's own picker on phones, full keyboard support, and it
 * works with react-hook-form's register like an input.
 */
export function SelectField({ label, options, labels, placeholder = 'Select…', hint, error, id, className = '', ref, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={labelClasses}>
        {label}
      </label>
      <select
        id={selectId}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldClasses(Boolean(error))}
        {...select}
      >
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-ink-500">
          {hint}
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
