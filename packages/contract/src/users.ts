import { z } from 'zod';
import { isValidEmail, normalizeEmail, EMAIL_MAX_LENGTH } from './email.js';
import {
  ACCOUNT_TYPES,
  COMPANY_ROLES,
  SIGNUP_ACCOUNT_TYPES,
  SUBSCRIPTION_STATUSES,
} from './enums.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from './constants.js';
import { MESSAGES } from './messages.js';
import { OTP_CODE_MAX_LENGTH } from './mfa.js';
import { normalizeState, toLowerTrimmed, toTitleCase } from './text.js';

const required = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '');

export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
  .transform(normalizeEmail)
  .refine(isValidEmail, MESSAGES.invalidEmail);

export const phoneField = z
  .string({ error: MESSAGES.phone })
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), MESSAGES.phone);

export const zipField = z.string({ error: MESSAGES.zip }).trim().regex(/^\d{5}(-\d{4})?$/, MESSAGES.zip);

export const passwordField = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const usernameField = required('Username', 50).regex(
  /^[^\s]+$/,
  'Username cannot contain spaces.',
);

/** The signup fields of member-app.md 7 plus account_type (DESIGN.md decisions). */
const signupFields = z.object({
  first_name: required('First name'),
  last_name: required('Last name'),
  user_name: usernameField,
  email: emailField,
  phone_number: phoneField,
  password: passwordField,
  password_confirmation: passwordField,
  referrer_name: optionalText('Referrer name', 100),
  address_1: required('Address line 1', 200),
  address_2: optionalText('Address line 2', 200),
  city: required('City'),
  state: required('State', 50),
  zip: zipField,
  account_type: z.enum(SIGNUP_ACCOUNT_TYPES, { error: 'Choose Referral Partner or Sales Partner.' }),
});

function passwordsMatch(value: { password: string; password_confirmation: string }) {
  return value.password === value.password_confirmation;
}

/** The per-field transform of member-app.md 5, for whichever of these fields are present. */
const FIELD_TRANSFORMS: Record<string, (value: string) => string> = {
  first_name: toTitleCase,
  last_name: toTitleCase,
  city: toTitleCase,
  referrer_name: toTitleCase,
  state: normalizeState,
  user_name: toLowerTrimmed,
  email: normalizeEmail,
  address_1: toLowerTrimmed,
  address_2: toLowerTrimmed,
};

export function normalizeUserFields<T extends Partial<Record<keyof SignupFieldsInput, unknown>>>(fields: T): T {
  const result: Record<string, unknown> = { ...fields };
  for (const [key, transform] of Object.entries(FIELD_TRANSFORMS)) {
    const value = result[key];
    if (typeof value === 'string') result[key] = transform(value);
  }
  return result as T;
}

/**
 * The transforms the wizard applies before sending (member-app.md 5): names and city to title
 * case, a 2-letter state upper-cased (else title case), username, email and addresses
 * lowercased. The server applies them too, so the stored record never depends on the client.
 */
export function normalizeSignup<T extends SignupFieldsInput>(user: T): T {
  return normalizeUserFields({ ...user, address_2: user.address_2 ?? '', referrer_name: user.referrer_name ?? '' });
}

export interface SignupFieldsInput {
  first_name: string;
  last_name: string;
  user_name: string;
  email: string;
  city: string;
  state: string;
  address_1: string;
  address_2?: string | null | undefined;
  referrer_name?: string | null | undefined;
}

export const signupUserSchema = signupFields
  .refine(passwordsMatch, { message: MESSAGES.passwordMismatch, path: ['password_confirmation'] })
  .transform((user) => normalizeSignup(user));
export type SignupUser = z.output<typeof signupUserSchema>;
export type SignupUserInput = z.input<typeof signupUserSchema>;

export const signupBodySchema = z.object({ user: signupUserSchema });

/**
 * The current password, which a member's own edit must carry when it changes the email
 * (issue 13 item 6, ASVS 7.5.1). Optional here: the server decides, as only it knows the saved
 * address.
 */
export const currentPasswordForEmailChange = z.string().max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`).optional();
export const EMAIL_CHANGE_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change your email.',
} as const;

/** POST /signup/edit: the caller's own signup fields; every one optional. */
export const signupEditUserSchema = signupFields
  .omit({ password: true, password_confirmation: true })
  .partial()
  .extend({ current_password: currentPasswordForEmailChange })
  .strict();
export const signupEditBodySchema = z.object({ user: signupEditUserSchema });

export const loginBodySchema = z.object({
  user: z.object({
    email: z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').max(EMAIL_MAX_LENGTH).transform(normalizeEmail),
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX_LENGTH),
    /** With two-factor on: a current TOTP code or an unused recovery code (docs/decisions/010). */
    otp_code: z.string().max(OTP_CODE_MAX_LENGTH, `Code must be at most ${OTP_CODE_MAX_LENGTH} characters.`).optional(),
  }),
});

/** POST /user/profile/edit: the profile payload of member-app.md 7. */
export const profileEditUserSchema = z
  .object({
    user_name: usernameField,
    first_name: required('First name'),
    last_name: required('Last name'),
    account_type: z.enum(ACCOUNT_TYPES, { error: 'Unknown account type.' }),
    member_level: optionalText('Member level', 50),
    email: emailField,
    phone_number: phoneField,
    address_1: required('Address line 1', 200),
    address_2: optionalText('Address line 2', 200),
    city: required('City'),
    state: required('State', 50),
    zip: zipField,
    /** The partner's company, shown on their customer links (issue 36 item 2). */
    company_name: optionalText('Company name', 100),
    current_password: currentPasswordForEmailChange,
  })
  .partial();
export const profileEditBodySchema = z.object({ user: profileEditUserSchema });
export type ProfileEditInput = z.input<typeof profileEditUserSchema>;

export const passwordChangeBodySchema = z.object({
  data: z
    .object({
      current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.').max(PASSWORD_MAX_LENGTH),
      password: passwordField,
      password_confirmation: passwordField,
    })
    .refine(passwordsMatch, { message: MESSAGES.passwordMismatch, path: ['password_confirmation'] }),
});

export const resetRequestBodySchema = z.object({ user: z.object({ email: emailField }) });

export const resetPasswordBodySchema = z.object({
  user: z
    .object({
      reset_password_token: z.string({ error: 'Reset token is required.' }).trim().min(1, 'Reset token is required.').max(200),
      password: passwordField,
      password_confirmation: passwordField,
    })
    .refine(passwordsMatch, { message: MESSAGES.passwordMismatch, path: ['password_confirmation'] }),
});

export const verifyEmailBodySchema = z.object({
  token: z.string({ error: 'No verification token found.' }).trim().min(1, 'No verification token found.').max(200),
});

export const usernameQuerySchema = z.object({ user_name: z.string({ error: 'Username is required.' }).trim().min(1, 'Username is required.').max(50) });
export const emailQuerySchema = z.object({ email: z.string({ error: 'Email is required.' }).trim().min(1, 'Email is required.').max(EMAIL_MAX_LENGTH) });

const timestamp = z.string().nullable();

/** The user as the member sees their own record (GET /user/profile). */
export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  user_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  referrer_name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  company_role: z.enum(COMPANY_ROLES).nullable(),
  member_level: z.string().nullable(),
  image: z.string().nullable(),
  /** The partner's company and logo (`/api/user/logo`, or null), on their customer links (issue 36 item 2). */
  company_name: z.string(),
  logo_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  email_verified_at: timestamp,
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  subscription_end_date: timestamp,
  is_in_trial: z.boolean(),
  trial_end_date: timestamp,
  /** Two-factor sign-in is on (never the secret). */
  mfa_enabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The admin view adds activity and billing identifiers (public-site-and-admin.md 3). */
export const adminUserSchema = userSchema.extend({
  last_activity_at: timestamp,
  stripe_customer_id: z.string().nullable(),
  stripe_subscription_id: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The partner's logo (issue 36 item 2; POST /api/user/logo, multipart field "file"): judged by
 * its bytes, at most this size.
 */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MESSAGES = {
  wrongType: 'The logo must be a PNG, JPEG or WebP image.',
  tooLarge: 'The logo must be at most 2 MB.',
} as const;

export const authResponseSchema = z.object({ message: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const messageResponseSchema = z.object({ message: z.string() });

/**
 * POST /api/user/verification_email (issue 34 item 7): a new verification link for the caller's
 * own unverified address, at most this many an hour (each one is a mail to a real inbox).
 */
export const VERIFICATION_EMAILS_PER_HOUR = 3;
export const VERIFICATION_EMAIL_MESSAGES = {
  sent: (email: string) => `We sent a new verification link to ${email}. It may take a few minutes to arrive; check your spam folder too.`,
  alreadyVerified: 'Your email address is already verified.',
  tooMany: `You can ask for ${VERIFICATION_EMAILS_PER_HOUR} verification emails an hour. Please use the newest link we sent, or try again later.`,
} as const;
export const resetPasswordResponseSchema = z.object({ message: z.string(), email: z.string() });
export const emailAvailabilityResponseSchema = z.object({ validEmail: z.boolean() });
export const usernameAvailabilityResponseSchema = z.object({ validUsername: z.boolean() });
