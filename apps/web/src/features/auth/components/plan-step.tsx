import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { PLANS, SIGNUP_ACCOUNT_TYPES, type SignupAccountType } from '@sunin/contract';
import { textLinkClasses } from '../../../components/ui/text-link';

/** The fields of the wizard's first step. */
export type PlanField = 'account_type' | 'consent_terms' | 'consent_privacy' | 'consent_marketing';

/** What the first step holds; the rest of the wizard starts from it. */
export interface PlanValues {
  account_type: SignupAccountType | '';
  consent_terms: boolean;
  consent_privacy: boolean;
  consent_marketing: boolean;
}

/** member-app.md 2: the three consents are pre-checked once a plan is picked. */
export const PLAN_DEFAULTS: PlanValues = { account_type: '', consent_terms: true, consent_privacy: true, consent_marketing: true };

export const PLAN_STEP_TITLE = 'Choose your plan';

export type PlanInputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

const PLAN_DESCRIPTIONS = {
  referral_partner: 'Earn commissions for the businesses you refer, without being involved in the sales cycle.',
  sales_partner: 'Be fully involved in every project and earn up to 70% of net profit.',
} as const;

export const allConsented = (values: Pick<PlanValues, 'consent_terms' | 'consent_privacy' | 'consent_marketing'>) =>
  values.consent_terms && values.consent_privacy && values.consent_marketing;

function Checkbox({ children, ...input }: { children: ReactNode } & PlanInputProps) {
  return (
    <label className="flex items-start gap-3 text-sm text-ink-700">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-ink-300 accent-brand-700" {...input} />
      <span>{children}</span>
    </label>
  );
}

/**
 * Step 1 of the signup wizard (member-app.md 2): the plan, then the three consents, which show
 * only once a plan is picked. `bind` gives each input its value and change handling: plain
 * state before the rest of the wizard has loaded (signup-wizard.tsx), react-hook-form's
 * register after (signup-details.tsx).
 */
export function PlanStep({
  values,
  bind,
  error,
}: {
  values: PlanValues;
  bind: (field: PlanField, value?: SignupAccountType) => PlanInputProps;
  error?: string | undefined;
}) {
  return (
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
                <input type="radio" value={type} className="size-4 accent-brand-700 focus:outline-none" {...bind('account_type', type)} />
                <span className="font-semibold text-ink-900">{PLANS[type].name}</span>
              </span>
              <span className="mt-1 text-lg font-bold text-brand-800">({PLANS[type].priceLabel})</span>
              <span className="mt-1 text-sm text-ink-600">{PLAN_DESCRIPTIONS[type]}</span>
            </label>
          ))}
        </div>
        {error && <p className="mt-2 text-sm text-danger-700">{error}</p>}
      </fieldset>

      {values.account_type && (
        <fieldset className="space-y-3 rounded-xl border border-ink-200 bg-ink-50 p-4">
          <legend className="sr-only">Agreements</legend>
          <Checkbox {...bind('consent_terms')}>
            I agree to the{' '}
            <a href="/terms-of-service" target="_blank" rel="noreferrer" className={textLinkClasses}>
              Terms of Service
            </a>
            .
          </Checkbox>
          <Checkbox {...bind('consent_privacy')}>
            I agree to the{' '}
            <a href="/privacy-policy" target="_blank" rel="noreferrer" className={textLinkClasses}>
              Privacy Policy
            </a>
            .
          </Checkbox>
          <Checkbox {...bind('consent_marketing')}>I agree to receive marketing communications from SunIn about the partner program.</Checkbox>
          {!allConsented(values) && <p className="text-sm text-ink-600">Please accept all three to continue.</p>}
        </fieldset>
      )}
    </>
  );
}
