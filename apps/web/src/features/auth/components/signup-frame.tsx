import type { FormEvent, ReactNode, Ref } from 'react';
import type { SignupAccountType } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SignupProgress } from './signup-progress';

/**
 * The signup wizard's form around one step: the progress bar once a plan is chosen (5 steps for
 * a sales partner, 4 otherwise), the step's title, an error, the step's fields, and Previous
 * (steps 2 to 4) and the primary button (member-app.md 2).
 */
export function SignupFrame({
  step,
  accountType,
  title,
  headingRef,
  error,
  onSubmit,
  onBack,
  backDisabled = false,
  primary,
  children,
}: {
  step: number;
  accountType: SignupAccountType | '';
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  error?: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  backDisabled?: boolean;
  /** The Next / Sign Up! button, or null while it must not show. */
  primary: { label: string; pending: boolean } | null;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="signup-step-title">
      {accountType && <SignupProgress step={step} total={accountType === 'sales_partner' ? 5 : 4} />}

      <h2 id="signup-step-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-ink-900 focus:outline-none">
        {title}
      </h2>

      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}

      <div className="mt-4 space-y-4">{children}</div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        {onBack ? (
          <Button variant="secondary" onClick={onBack} disabled={backDisabled}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {primary && (
          <Button type="submit" pending={primary.pending}>
            {primary.label}
          </Button>
        )}
      </div>
    </form>
  );
}
