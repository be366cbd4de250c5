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
