import { PASSWORD_MIN_LENGTH } from './constants.js';

/** How to choose better, said with every refusal of a guessable password (issue 34 item 5). */
const PASSWORD_ADVICE = "Choose a longer passphrase of several unrelated words, or a mix that isn't a common pattern.";

/**
 * Messages of member-app.md 5 and 8, used word for word by the server and the web app. A module
 * of plain text, apart from the zod schemas that use them (users.ts): the web app's public
 * pages show some of these without loading zod (docs/decisions/024-public-first-load.md).
 */
export const MESSAGES = {
  emailTaken: 'Email already taken.',
  usernameTaken: 'Username already taken.',
  phone: 'Phone number must be 10 digits only.',
  invalidForm: 'Please ensure all fields are filled correctly.',
  passwordMismatch: 'Password and password confirmation do not match.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  invalidEmail: 'Please enter a valid email address.',
  zip: 'ZIP code must be 5 digits, optionally followed by a dash and 4 digits.',
  loginRequired: 'Email and password are both required.',
  loginFailed: 'Email or Password are incorrect.',
  // public-site-and-admin.md 8 "Logout failure alert".
  logoutFailed: 'Logout unsuccessful.',
  passwordReset: 'Password has been reset.',
  resetRequested: 'If an account is associated with this email, you will receive a password reset link shortly.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  currentPasswordWrong: 'Current password is incorrect.',
  // Issue 13 item 7 (ASVS 6.2.4, 6.2.11) and issue 34 item 5: the server's password policy;
  // shown under the field. passwordWeak may be followed by the estimator's reason.
  passwordCommon: `This password is too common: it appears in lists of leaked passwords. ${PASSWORD_ADVICE}`,
  passwordPersonal: 'The password must not contain your name, username or email.',
  passwordContext: `This password is made only of words that are easy to guess here (like SunIn, solar or partner). ${PASSWORD_ADVICE}`,
  passwordWeak: `This password is too easy to guess. ${PASSWORD_ADVICE}`,
  verificationInvalid: 'This verification link is invalid or has already been used.',
  emailVerified: 'Email verification successful!',
  signedUp: 'Signed up successfully.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'Logged out successfully.',
} as const;
