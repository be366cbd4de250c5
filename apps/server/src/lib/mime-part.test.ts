import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { mimePart } from './mime-part.js';

/** The message nodemailer builds, with what it would pick at random or from the clock fixed. */
async function build(text: unknown, html: unknown): Promise<string> {
  const mail = { from: 'portal@sunin.example', to: 'pat@example.com', subject: 'Stage “changed”', date: new Date('2026-12-01T10:00:00Z'), messageId: '<fixed@sunin.example>', baseBoundary: 'fixed', text, html };
  const raw = await new MailComposer(mail as ConstructorParameters<typeof MailComposer>[0]).compile().build();
  return raw.toString('latin1');
}

/** Like a notification email: one long line of markup, a preview padded with invisible characters, quotes in the footer. */
const html = `<!DOCTYPE html><html dir="ltr" lang="en"><body style="background-color:#f8fafc"><div style="display:none" data-skip-in-text="true">Company 1 is now at Presentation Ready.<div>${'\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff'.repeat(10)}</div></div><p>Hello Zoë,</p><a href="http://portal.test/projects/1?a=1&amp;b=2">View project</a><p>Why this email: “Stage changes” is on · Unsubscribe</p></body></html>`;
const text = 'Hello Zoë,\n\nCompany 1 is now at Presentation Ready.\n\nWhy this email: “Stage changes” is on in your email preferences. Manage email preferences http://portal.test/profile#notifications';

describe('mimePart', () => {
  it('names the transfer encoding nodemailer would choose, so the message is the same byte for byte', async () => {
    const contents = [
      html,
      text,
      'Plain ASCII, short lines.\nA second line.',
      `One ASCII line longer than seventy-six characters: ${'x'.repeat(100)}`,
      'Mostly Latin with a café and an “em” — dash.',
      '日本語のメッセージです。プロジェクトの段階が変わりました。', // more non-Latin than Latin: base64
      'ab日本', // as many non-Latin units as letters: base64
      'emoji 😀😀 count twice each (surrogate halves)',
      'controls \u0001\u0002 and DEL \u007f, tabs\tand\r\nbreaks',
      '12345 !!! ...',
    ];
    for (const content of contents) {
      expect(await build(mimePart(content), mimePart(content))).toBe(await build(content, content));
    }
  });

  it('gives the encoding for what nodemailer would otherwise count, and leaves plain ASCII to it', async () => {
    expect(mimePart(html)).toEqual({ content: html, contentTransferEncoding: 'quoted-printable' });
    expect(mimePart('日本語のメッセージ')).toEqual({ content: '日本語のメッセージ', contentTransferEncoding: 'base64' });
    expect(mimePart('Reset your password: https://portal.example/x')).toBe('Reset your password: https://portal.example/x');
  });
});
