import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { stripToAmount } from '@sunin/contract';
import { labelClasses } from './field-styles';

interface AmountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> {
  label: string;
  value: string;
  /** Receives the value stripped by the contract's stripToAmount (digits, one dot, two decimals). */
  onChange: (value: string) => void;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A dollar amount: shown with a leading $, and whatever is typed or pasted is stripped to digits
 * and one decimal point with at most two decimals (member-app.md 2, the average monthly power
 * bill). A dot left dangling at the end ('1250.') is dropped when the field loses focus, since
 * the server only takes complete amounts.
 */
export function AmountField({ label, value, onChange, onBlur, error, id, className = '', ref, ...input }: AmountFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
      </label>
      <div
        className={`mt-1 flex items-center rounded-lg border bg-white shadow-sm focus-within:outline-2 focus-within:outline-brand-600 ${
          error ? 'border-danger-600' : 'border-ink-300'
        }`}
      >
        <span aria-hidden="true" className="pl-3 text-ink-500">
          $
        </span>
        <input
          id={inputId}
          ref={ref}
          type="text"
          inputMode="decimal"
          value={value}
          onChange={(event) => onChange(stripToAmount(event.target.value))}
          onBlur={(event) => {
            if (value.endsWith('.')) onChange(value.slice(0, -1));
            onBlur?.(event);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block w-full min-w-0 rounded-lg border-0 bg-transparent py-2 pr-3 pl-1 text-base text-ink-900 placeholder:text-ink-400 focus:outline-none sm:text-sm"
          {...input}
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
