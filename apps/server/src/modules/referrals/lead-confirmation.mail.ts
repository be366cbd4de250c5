import type { MailMessage } from '../../lib/mailer.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const usd = (amount: number) => amount.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export interface LeadConfirmation {
  to: string;
  /** The site's state and ZIP code: checked values, never the form's free text. */
  state: string;
  zip: string;
  averageMonthlyBillUsd: number;
  supportEmail: string;
  appUrl: string;
}

/**
 * To the business owner who sent the public estimate form (issue 39 item 2): what they asked for,
 * what happens next, and how to reach SunIn. Never a partner's name or details: the owner wrote to
 * SunIn, and which partner's link they came through is SunIn's business. Nothing the sender typed
 * freely (names, company, street) is repeated: anyone can send the form with any address, and
 * SunIn's mail must not carry a stranger's words to it. Only the checked state, ZIP and bill.
 */
export function leadConfirmationMail(input: LeadConfirmation): MailMessage {
  const asked = [`Site: ZIP code ${input.zip}, ${input.state}`, `Average monthly electricity bill: ${usd(input.averageMonthlyBillUsd)}`];
  const paragraphs = [
    'Hello,',
    `Thank you for asking SunIn for a free solar savings estimate. This is what you sent us:`,
    'What happens next: a SunIn energy advisor reviews your site and your utility costs, then contacts you by phone or email to go over your estimate and answer your questions. There is no cost and no obligation.',
    `Questions in the meantime? Write to us at ${input.supportEmail} or visit ${input.appUrl}.`,
    'If you did not ask for an estimate, you can ignore this email.',
  ];
  const [hello, intro, ...rest] = paragraphs as [string, string, ...string[]];
  const text = [hello, '', intro, '', ...asked, '', ...rest.flatMap((line) => [line, ''])].join('\n');
  const html = `<div style="font-family:sans-serif;max-width:560px"><p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><ul>${asked.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${rest.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`;
  return { to: input.to, subject: 'SunIn received your request for a free solar savings estimate', text, html };
}
