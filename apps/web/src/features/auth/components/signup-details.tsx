import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { MESSAGES, signupUserSchema } from '@sunin/contract';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { WithAppServices } from '../../../lib/app-services';
import type { Availability } from '../../../lib/use-availability';
import { useEmailAvailability } from '../api/check-email';
import { useUsernameAvailability } from '../api/check-username';
import { useSignup } from '../api/signup';
import {
  SIGNUP_DEFAULTS,
  STEP_FIELDS,
  STEP_SCHEMAS,
  stepOfField,
  type SignupFormValues,
  type WizardStep,
} from './signup-schema';
import { UI_MESSAGES } from '../../../lib/messages';
import { allConsented, PLAN_STEP_TITLE, PlanStep, type PlanValues } from './plan-step';
import { SignupFrame } from './signup-frame';

// Raw mode: the form keeps what was typed; the normalised copy is made once, at submit.
function stepResolver(schema: (typeof STEP_SCHEMAS)[WizardStep]): Resolver<SignupFormValues> {
  return zodResolver(schema as z.ZodType<FieldValues, FieldValues>, undefined, { raw: true }) as unknown as Resolver<SignupFormValues>;
}
const STEP_RESOLVERS: Record<WizardStep, Resolver<SignupFormValues>> = {
  1: stepResolver(STEP_SCHEMAS[1]),
  2: stepResolver(STEP_SCHEMAS[2]),
  3: stepResolver(STEP_SCHEMAS[3]),
  4: stepResolver(STEP_SCHEMAS[4]),
};

const STEP_TITLES: Record<WizardStep, string> = {
  1: PLAN_STEP_TITLE,
  2: 'Referral',
  3: 'Personal information',
  4: 'Address',
};

function availabilityMessage(status: Availability, takenMessage: string, what: string): string | undefined {
  if (status === 'taken') return takenMessage;
  // member-app.md 8: a failed availability check marks the value invalid.
  if (status === 'error') return `We could not check this ${what}. Please try again.`;
  return undefined;
}

function availabilityHint(status: Availability): string | undefined {
  if (status === 'checking') return 'Checking availability…';
  if (status === 'available') return 'Available.';
  return undefined;
}

/**
 * The signup wizard from step 2 on (member-app.md 2 and 5), which takes over from step 1
 * (signup-wizard.tsx) with the plan and consents chosen there; Previous still goes back to it.
 * Each step validates with the contract's rules; the email and username are checked with the
 * server; Sign Up! (or Next for a sales partner) sends the signup.
 */
export function SignupDetails({ plan }: { plan: PlanValues }) {
  return (
    <WithAppServices>
      <DetailsForm plan={plan} />
    </WithAppServices>
  );
}

function DetailsForm({ plan }: { plan: PlanValues }) {
  const navigate = useNavigate();
  const signup = useSignup();
  const [step, setStep] = useState<WizardStep>(2);
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { register, control, trigger, getValues, getFieldState, setError, setFocus, formState } = useForm<SignupFormValues>({
    defaultValues: { ...SIGNUP_DEFAULTS, ...plan },
    resolver: STEP_RESOLVERS[step],
    mode: 'onTouched',
  });
  const { errors } = formState;
  const [accountType, consentTerms, consentPrivacy, consentMarketing, wasReferred, email, userName] = useWatch({
    control,
    name: ['account_type', 'consent_terms', 'consent_privacy', 'consent_marketing', 'was_referred', 'email', 'user_name'],
  });
  const emailAvailability = useEmailAvailability(email);
  const usernameAvailability = useUsernameAvailability(userName);

  const isSalesPartner = accountType === 'sales_partner';
  const consented = allConsented({ consent_terms: consentTerms, consent_privacy: consentPrivacy, consent_marketing: consentMarketing });

  // Move focus to the new step's heading so keyboard and screen-reader users follow along
  // (also as this part takes over: the visitor has just left step 1).
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  async function checkAvailability(): Promise<boolean> {
    setChecking(true);
    try {
      const [emailStatus, usernameStatus] = await Promise.all([emailAvailability.ensure(), usernameAvailability.ensure()]);
      return emailStatus === 'available' && usernameStatus === 'available';
    } finally {
      setChecking(false);
    }
  }

  function firstInvalidField(names: readonly FieldPath<SignupFormValues>[]) {
    return names.find((name) => getFieldState(name).invalid);
  }

  async function goNext() {
    setFormError(null);
    if (step === 1 && (!accountType || !consented)) return;
    const valid = await trigger(STEP_FIELDS[step]);
    const available = step === 3 ? await checkAvailability() : true;
    if (!valid || !available) {
      const invalid = firstInvalidField(STEP_FIELDS[step]);
      if (invalid) setFocus(invalid);
      return;
    }
    setStep((step + 1) as WizardStep);
  }

  function goBack() {
    setFormError(null);
    setStep((step - 1) as WizardStep);
  }

  async function submitSignup() {
    setFormError(null);
    const valid = await trigger();
    const available = await checkAvailability();
    const parsed = signupUserSchema.safeParse(getValues());
    if (!valid || !available || !parsed.success) {
      setFormError(MESSAGES.invalidForm);
      toast.error(MESSAGES.invalidForm);
      const invalid = firstInvalidField(Object.values(STEP_FIELDS).flat());
      const badStep = invalid ? stepOfField(invalid) : available ? undefined : 3;
      if (badStep && badStep !== step) setStep(badStep);
      return;
    }
    // member-app.md 5: names and city in title case, state upper-cased, the rest lowercased
    // (signupUserSchema's output is the contract's normalizeSignup of the input).
    const user = { ...parsed.data, referrer_name: getValues('was_referred') === 'yes' ? parsed.data.referrer_name : '' };
    try {
      const { user: created, message } = await signup.mutateAsync(user);
      toast.success(message);
      await navigate(created.account_type === 'referral_partner' ? '/home' : '/checkout', { replace: true });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      let earliest: WizardStep | undefined;
      for (const [name, message] of Object.entries(fields)) {
        const fieldStep = stepOfField(name);
        if (!fieldStep) continue;
        setError(name as FieldPath<SignupFormValues>, { type: 'server', message });
        if (!earliest || fieldStep < earliest) earliest = fieldStep;
      }
      const message = errorMessage(error, UI_MESSAGES.signupFailed);
      setFormError(message);
      toast.error(message);
      if (earliest && earliest !== step) setStep(earliest);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void (step < 4 ? goNext() : submitSignup());
  };

  const emailError = errors.email?.message ?? availabilityMessage(emailAvailability.status, MESSAGES.emailTaken, 'email address');
  const usernameError =
    errors.user_name?.message ?? availabilityMessage(usernameAvailability.status, MESSAGES.usernameTaken, 'username');

  const showPrimary = step > 1 || (accountType !== '' && consented);
  const primaryLabel = step === 4 && !isSalesPartner ? 'Sign Up!' : 'Next';

  return (
    <SignupFrame
      step={step}
      accountType={accountType}
      title={STEP_TITLES[step]}
      headingRef={headingRef}
      error={formError}
      onSubmit={onSubmit}
      onBack={step > 1 ? goBack : undefined}
      backDisabled={signup.isPending}
      primary={showPrimary ? { label: primaryLabel, pending: checking || signup.isPending } : null}
    >
      {step === 1 && (
        <PlanStep
          values={{ account_type: accountType, consent_terms: consentTerms, consent_privacy: consentPrivacy, consent_marketing: consentMarketing }}
          bind={(field) => register(field)}
          error={errors.account_type?.message}
        />
      )}

      {step === 2 && (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-ink-700">Did someone refer you?</legend>
            <div className="mt-2 flex gap-3">
              {(['no', 'yes'] as const).map((answer) => (
                <label
                  key={answer}
                  className="flex min-w-24 cursor-pointer items-center gap-2 rounded-lg border border-ink-300 bg-white px-4 py-2 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                >
                  <input type="radio" value={answer} className="size-4 accent-brand-700 focus:outline-none" {...register('was_referred')} />
                  {answer === 'yes' ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
          </fieldset>
          {wasReferred === 'yes' && (
            <TextField
              label="Referrer Full Name"
              optional
              autoComplete="off"
              error={errors.referrer_name?.message}
              {...register('referrer_name')}
            />
          )}
        </>
      )}

      {step === 3 && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
          <TextField label="Last Name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            required
            error={usernameError}
            hint={availabilityHint(usernameAvailability.status)}
            reserveHint
            {...register('user_name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={emailError}
            hint={availabilityHint(emailAvailability.status)}
            reserveHint
            {...register('email')}
          />
          <TextField
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            hint="10 digits, numbers only."
            error={errors.phone_number?.message}
            {...register('phone_number')}
          />
          <div className="hidden sm:block" aria-hidden="true" />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 8 characters and hard to guess: a few unrelated words work well."
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password_confirmation?.message}
            {...register('password_confirmation')}
          />
        </div>
      )}

      {step === 4 && (
        <div className="grid gap-4 sm:grid-cols-6">
          <TextField
            className="sm:col-span-6"
            label="Address Line 1"
            autoComplete="address-line1"
            required
            error={errors.address_1?.message}
            {...register('address_1')}
          />
          <TextField
            className="sm:col-span-6"
            label="Address Line 2"
            autoComplete="address-line2"
            optional
            error={errors.address_2?.message}
            {...register('address_2')}
          />
          <TextField
            className="sm:col-span-3"
            label="City"
            autoComplete="address-level2"
            required
            error={errors.city?.message}
            {...register('city')}
          />
          <TextField
            className="sm:col-span-1"
            label="State"
            autoComplete="address-level1"
            required
            error={errors.state?.message}
            {...register('state')}
          />
          <TextField
            className="sm:col-span-2"
            label="ZIP"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            error={errors.zip?.message}
            {...register('zip')}
          />
        </div>
      )}
    </SignupFrame>
  );
}
