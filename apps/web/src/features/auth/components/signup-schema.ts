import { z } from 'zod';
import { MESSAGES, signupUserSchema, type SignupAccountType } from '@sunin/contract';
import { PLAN_DEFAULTS } from './plan-step';

/**
 * The wizard validates one step at a time with the contract's own field rules: the step
 * schemas below pick fields out of signupUserSchema (the contract exports it as a pipe whose
 * input is the field object), and the last step validates the whole signupUserSchema.
 */
const fields = signupUserSchema.in.shape;

export type WizardStep = 1 | 2 | 3 | 4;

/** What the form holds: the contract's signup fields plus the wizard's own choices. */
export interface SignupFormValues {
  account_type: SignupAccountType | '';
  consent_terms: boolean;
  consent_privacy: boolean;
  consent_marketing: boolean;
  was_referred: 'no' | 'yes';
  referrer_name: string;
  first_name: string;
  last_name: string;
  user_name: string;
  email: string;
  phone_number: string;
  password: string;
  password_confirmation: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zip: string;
}

export const SIGNUP_DEFAULTS: SignupFormValues = {
  ...PLAN_DEFAULTS,
  was_referred: 'no',
  referrer_name: '',
  first_name: '',
  last_name: '',
  user_name: '',
  email: '',
  phone_number: '',
  password: '',
  password_confirmation: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
};

export const STEP_FIELDS = {
  1: ['account_type'],
  2: ['referrer_name'],
  3: ['first_name', 'last_name', 'user_name', 'email', 'phone_number', 'password', 'password_confirmation'],
  4: ['address_1', 'address_2', 'city', 'state', 'zip'],
} as const satisfies Record<WizardStep, readonly (keyof SignupFormValues)[]>;

export const STEP_SCHEMAS = {
  1: z.object({ account_type: fields.account_type }),
  2: z.object({ referrer_name: fields.referrer_name }),
  3: z
    .object({
      first_name: fields.first_name,
      last_name: fields.last_name,
      user_name: fields.user_name,
      email: fields.email,
      phone_number: fields.phone_number,
      password: fields.password,
      password_confirmation: fields.password_confirmation,
    })
    // The contract's match rule lives on the whole schema; step 3 needs it on its own.
    .refine((user) => user.password === user.password_confirmation, {
      message: MESSAGES.passwordMismatch,
      path: ['password_confirmation'],
    }),
  // The last step checks everything, so a submit can never skip a rule.
  4: signupUserSchema,
} as const;

/** The step a field is asked on; used to send the visitor back to the first wrong field. */
export function stepOfField(name: string): WizardStep | undefined {
  for (const step of [1, 2, 3, 4] as const) {
    if ((STEP_FIELDS[step] as readonly string[]).includes(name)) return step;
  }
  return undefined;
}
