import type { MailMessage } from '../../lib/mailer.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(lines: string[], link: string, action: string): string {
  const body = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  return `<div style="font-family:sans-serif;max-width:560px">${body}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p></div>`;
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    'Someone asked to reset the password of your SunIn Partner Portal account. The link below works once and expires in 6 hours.',
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your SunIn password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: layout(lines, link, 'Reset your password'),
  };
}

export function verificationMail(to: string, firstName: string, link: string): MailMessage {
  const lines = [`Welcome to SunIn, ${firstName}!`, 'Please confirm that this is your email address.'];
  return {
    to,
    subject: 'Confirm your email for SunIn',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${link}\n`,
    html: layout(lines, link, 'Confirm your email'),
  };
}

/** "nina@example.com" as "n***@example.com": enough for the owner to recognise, not to reuse. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * To the member after an administrator turned their two-factor sign-in off (a lost device and
 * recovery codes, ASVS 6.4.4; docs/decisions/010): if they did not ask for it, they hear of it.
 */
export function mfaResetMail(to: string, firstName: string, resetLink: string, supportEmail: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    'An administrator turned off two-factor sign-in on your SunIn account, as asked after a lost authenticator app and recovery codes. Every session of the account was signed out and its API tokens were revoked.',
    'Sign in with your password, then turn two-factor sign-in on again in the Security section of your profile.',
    `If you did not ask for this, reset your password now: ${resetLink} and tell us at ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'Two-factor sign-in was turned off on your SunIn account',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetLink}\n`,
    html: layout(lines, resetLink, 'Reset your password'),
  };
}

/**
 * To the owner when wrong two-factor codes after the right password locked the sign-in's
 * second step (issue 34 item 1, docs/decisions/033): the password is probably known to someone.
 */
export function secondStepLockedMail(to: string, firstName: string, lock: { failures: number; minutes: number }, resetLink: string, supportEmail: string): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Someone entered the right password of your SunIn account, then ${lock.failures} wrong two-factor codes. Signing in to the account is paused for ${lock.minutes} minutes.`,
    'If it was you, wait, then sign in with a fresh code from your authenticator app or one of your recovery codes.',
    `If it was not you, someone knows your password: reset it now: ${resetLink} and tell us at ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'Signing in to your SunIn account is paused after wrong two-factor codes',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetLink}\n`,
    html: layout(lines, resetLink, 'Reset your password'),
  };
}

/**
 * To the OLD address after an email change (issue 13 item 6): if someone else made it, the
 * owner still hears of it and has a way back. The new address is masked.
 */
export function emailChangedMail(to: string, firstName: string, newEmail: string, resetLink: string, supportEmail: string, changedBy: 'member' | 'administrator' = 'member'): MailMessage {
  if (changedBy === 'administrator') {
    // The old address can no longer ask for a reset (the account answers to the new one): the
    // way back is support (issue 34 item 2).
    const lines = [
      `Hello ${firstName},`,
      `An administrator changed the email of your SunIn account to ${maskEmail(newEmail)}; every session of the account was signed out and its API tokens were revoked.`,
      `If you did not ask for this, tell us at once at ${supportEmail}.`,
    ];
    return { to, subject: 'The email of your SunIn account was changed', text: `${lines.join('\n\n')}\n`, html: layout(lines, `mailto:${supportEmail}`, 'Contact support') };
  }
  const lines = [
    `Hello ${firstName},`,
    `The email of your SunIn account was changed to ${maskEmail(newEmail)}.`,
    `If this wasn't you, reset your password now: ${resetLink} and tell us at ${supportEmail}.`,
  ];
  return {
    to,
    subject: 'The email of your SunIn account was changed',
    text: `${lines.join('\n\n')}\n\nReset your password: ${resetLink}\n`,
    html: layout(lines, resetLink, 'Reset your password'),
  };
}
