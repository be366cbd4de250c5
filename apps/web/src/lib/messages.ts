/**
 * Texts of member-app.md 8 and public-site-and-admin.md 8 that the contract's MESSAGES does not
 * have yet, word for word. They belong in @sunin/contract (MESSAGES) once the contract owner
 * moves them; until then the web app reads them from here.
 */
export const UI_MESSAGES = {
  signupFailed: 'An unexpected error occurred. Please try again later.',
  resetLinkFailed: 'Failed to send reset link.',
  resetSucceeded: 'Password has been reset successfully.',
  resetFailed: 'Failed to reset password.',
  resetLoggedIn: 'Password reset successful. You are now logged in.',
  noVerificationToken: 'No verification token found.',
  verificationFailed: 'Failed to verify email. Please try again.',
  contactUpdated: 'Updated contact information successfully!',
  contactUpdateFailed: 'Error updating contact information!',
  /** Followed by the error message, in a browser alert (member-app.md 8). */
  failedWithError: 'Failed with error: ',
  /** Not a spec text: the success toast of the change-password form. */
  passwordChanged: 'Password changed successfully.',
  /** Not a spec text: the profile fetch failed (the spec only logs it). */
  profileLoadFailed: 'Failed to fetch user profile.',
  /** Not a spec text: what a page shows (with Retry) when the profile could not be loaded. */
  accountLoadFailed: 'We could not load your account.',
} as const;
