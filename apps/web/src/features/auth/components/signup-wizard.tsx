import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import type { SignupAccountType } from '@sunin/contract';
import { allConsented, PLAN_DEFAULTS, PLAN_STEP_TITLE, PlanStep, type PlanField, type PlanInputProps, type PlanValues } from './plan-step';
import { SignupFrame } from './signup-frame';

// The rest of the wizard: its form library, the contract's validation, the availability checks
// and the signup call. It starts loading as soon as a plan is picked and is needed at Next.
const loadDetails = () => import('./signup-details');
const SignupDetails = lazy(async () => ({ default: (await loadDetails()).SignupDetails }));

/**
 * The signup wizard (member-app.md 2). /signup is a prerendered public page, which must be
 * interactive on a light first load (docs/decisions/024-public-first-load.md): step 1, the plan
 * and the consents, is plain React state here; the steps after it (signup-details.tsx, with
 * react-hook-form, zod and TanStack Query) load once a plan is picked and take over at Next,
 * starting from what step 1 holds. Until they are there, Next shows that it is busy.
 */
export function SignupWizard() {
  const [plan, setPlan] = useState<PlanValues>(PLAN_DEFAULTS);
  const [started, setStarted] = useState(false);

  const bind = (field: PlanField, value?: SignupAccountType): PlanInputProps => {
    if (field === 'account_type') {
      return {
        name: field,
        checked: plan.account_type === value,
        onChange: () => {
          setPlan((current) => ({ ...current, account_type: value ?? '' }));
          void loadDetails();
        },
      };
    }
    return { name: field, checked: plan[field], onChange: (event: ChangeEvent<HTMLInputElement>) => setPlan((current) => ({ ...current, [field]: event.target.checked })) };
  };
  const canGoOn = plan.account_type !== '' && allConsented(plan);
  const goOn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (canGoOn) setStarted(true);
  };

  const planStep = (pending: boolean) => (
    <SignupFrame step={1} accountType={plan.account_type} title={PLAN_STEP_TITLE} onSubmit={goOn} primary={canGoOn ? { label: 'Next', pending } : null}>
      <PlanStep values={plan} bind={bind} />
    </SignupFrame>
  );
  if (!started) return planStep(false);
  return (
    <Suspense fallback={planStep(true)}>
      <SignupDetails plan={plan} />
    </Suspense>
  );
}
