import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'ghost-danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'border border-ink-300 bg-white text-ink-800 hover:bg-ink-100 disabled:text-ink-400',
  ghost: 'text-ink-700 hover:bg-ink-100 disabled:text-ink-400',
  danger: 'bg-danger-600 text-white hover:bg-danger-700 disabled:bg-danger-600/60',
  /** A quiet destructive action (Remove, Delete) beside other content. */
  'ghost-danger': 'text-danger-700 hover:bg-danger-50 disabled:text-ink-400',
};

export const buttonClasses = (variant: Variant = 'primary', extra = '') =>
  `inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and disables the button while a request is pending. */
  pending?: boolean;
}

/**
 * A submit button is disabled in prerendered HTML until React has hydrated the page: before
 * that, the browser would submit the form itself, as a GET with every field (the password of
 * /login, say) in the address.
 */
export function Button({ variant = 'primary', pending = false, disabled, className = '', children, type = 'button', ...rest }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      className={buttonClasses(variant, className)}
      disabled={disabled || pending || (type === 'submit' && !hydrated)}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}
