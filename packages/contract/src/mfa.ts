import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.js';

/**
 * Two-factor sign-in (issue 13 item 5, ASVS 6.3.3; docs/decisions/010): TOTP from an
 * authenticator app, with ten single-use recovery codes.
 */
export const MFA_RECOVERY_CODE_COUNT = 10;
/** The longest second-factor input accepted (a TOTP code or a recovery code, spaces and dashes allowed). */
export const OTP_CODE_MAX_LENGTH = 32;

export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notPending: 'Start the two-factor setup again: there is no setup waiting for a code.',
  notOn: 'Two-factor sign-in is off.',
  notOnForUser: 'Two-factor sign-in is not turned on for this user.',
  ownReset: 'Turn off your own two-factor sign-in in the Security section of your profile.',
  enrollmentRequired: 'Turn on two-factor sign-in before using the admin area.',
} as const;

const currentPassword = z
  .string({ error: 'Current password is required.' })
  .min(1, 'Current password is required.')
  .max(PASSWORD_MAX_LENGTH);
export const otpCodeField = z
  .string({ error: 'Code is required.' })
  .trim()
  .min(1, 'Code is required.')
  .max(OTP_CODE_MAX_LENGTH, `Code must be at most ${OTP_CODE_MAX_LENGTH} characters.`);

/** POST /api/user/mfa: start a setup (a new secret, not active until confirmed). */
export const mfaSetupBodySchema = z.object({ current_password: currentPassword }).strict();
export const mfaSetupResponseSchema = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauth_url: z.string(),
});
export type MfaSetup = z.infer<typeof mfaSetupResponseSchema>;

/** POST /api/user/mfa/confirm: the first code from the app turns two-factor on. */
export const mfaConfirmBodySchema = z.object({ code: otpCodeField }).strict();
export const mfaRecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodesSchema>;

/** DELETE /api/user/mfa: the password and a code (TOTP or recovery) turn it off. */
export const mfaDisableBodySchema = z.object({ current_password: currentPassword, code: otpCodeField }).strict();
