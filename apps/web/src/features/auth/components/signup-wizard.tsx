import { useEffect, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useForm, useWatch, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { MESSAGES, PLANS, SIGNUP_ACCOUNT_TYPES, signupUserSchema } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { textLinkClasses } from '../../../components/ui/text-link';
import { ApiError, errorMessage } from '../../../lib/api-client';
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
import { SignupProgress } from './signup-progress';
import { UI_MESSAGES } from '../../../lib/messages';

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

const PLAN_DESCRIPTIONS = {
  referral_partner: 'Earn commissions for the businesses you refer, without being involved in the sales cycle.',
  sales_partner: 'Be fully involved in every project and earn up to 70% of net profit.',
} as const;

const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Choose your plan',
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

function Checkbox({ children, ...input }: { children: ReactNode; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex items-start gap-3 text-sm text-ink-700">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-ink-300 accent-brand-700" {...input} />
      <span>{children}</span>
    </label>
  );
}

export function SignupWizard() {
  const navigate = useNavigate();
  const signup = useSignup();
  const [step, setStep] = useState<WizardStep>(1);
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const { register, control, trigger, getValues, getFieldState, setError, setFocus, formState } = useForm<SignupFormValues>({
    defaultValues: SIGNUP_DEFAULTS,
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
  const totalSteps = isSalesPartner ? 5 : 4;
  const allConsented = consentTerms && consentPrivacy && consentMarketing;

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
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
    if (step === 1 && (!accountType || !allConsented)) return;
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

  const showPrimary = step > 1 || (accountType !== '' && allConsented);
  const primaryLabel = step === 4 && !isSalesPartner ? 'Sign Up!' : 'Next';

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="signup-step-title">
      {accountType && <SignupProgress step={step} total={totalSteps} />}

      <h2
        id="signup-step-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-ink-900 focus:outline-none"
      >
        {STEP_TITLES[step]}
      </h2>

      {formError && (
        <Alert tone="error" className="mt-4">
          {formError}
        </Alert>
      )}

      <div className="mt-4 space-y-4">
        {step === 1 && (
          <>
            <fieldset>
              <legend className="sr-only">Plan</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {SIGNUP_ACCOUNT_TYPES.map((type) => (
                  <label
                    key={type}
                    className="relative flex cursor-pointer flex-col rounded-xl border border-ink-300 bg-white p-4 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
                  >
                    <span className="flex items-center gap-2">
                      <input type="radio" value={type} className="size-4 accent-brand-700 focus:outline-none" {...register('account_type')} />
                      <span className="font-semibold text-ink-900">{PLANS[type].name}</span>
                    </span>
                    <span className="mt-1 text-lg font-bold text-brand-800">({PLANS[type].priceLabel})</span>
                    <span className="mt-1 text-sm text-ink-600">{PLAN_DESCRIPTIONS[type]}</span>
                  </label>
                ))}
              </div>
              {errors.account_type && <p className="mt-2 text-sm text-danger-700">{errors.account_type.message}</p>}
            </fieldset>

            {accountType && (
              <fieldset className="space-y-3 rounded-xl border border-ink-200 bg-ink-50 p-4">
                <legend className="sr-only">Agreements</legend>
                <Checkbox {...register('consent_terms')}>
                  I agree to the{' '}
                  <a href="/terms-of-service" target="_blank" rel="noreferrer" className={textLinkClasses}>
                    Terms of Service
                  </a>
                  .
                </Checkbox>
                <Checkbox {...register('consent_privacy')}>
                  I agree to the{' '}
                  <a href="/privacy-policy" target="_blank" rel="noreferrer" className={textLinkClasses}>
                    Privacy Policy
                  </a>
                  .
                </Checkbox>
                <Checkbox {...register('consent_marketing')}>
                  I agree to receive marketing communications from SunIn about the partner program.
                </Checkbox>
                {!allConsented && (
                  <p className="text-sm text-ink-600">Please accept all three to continue.</p>
                )}
              </fieldset>
            )}
          </>
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
              hint={usernameAvailability.status === 'checking' ? 'Checking availability…' : undefined}
              {...register('user_name')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={emailError}
              hint={emailAvailability.status === 'checking' ? 'Checking availability…' : undefined}
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
              hint="At least 8 characters."
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
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        {step > 1 ? (
          <Button variant="secondary" onClick={goBack} disabled={signup.isPending}>
            Previous
          </Button>
        ) : (
          <span />
        )}
        {showPrimary && (
          <Button type="submit" pending={checking || signup.isPending}>
            {primaryLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
