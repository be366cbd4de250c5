import { render, toPlainText as reactEmailPlainText } from '@react-email/render';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { UnsubscribeTokens } from '../../../lib/unsubscribe-token.js';
import { renderTemplatedMail, toPlainText } from './render.js';
import { DigestEmail, NotificationEmail } from './templates.js';

/**
 * The outbox renders each templated row with React's static markup in one synchronous pass
 * (issue 42 item 3, decision 055), not React Email's streaming `render`: the same email, less
 * the stream's comments, at a quarter of the CPU.
 */
const deps = { appUrl: 'http://portal.test', unsubscribeTokens: new UnsubscribeTokens('k'.repeat(40)) };
const footer = { eventLabel: 'Stage changes', preferencesUrl: 'http://portal.test/profile#notifications', unsubscribeUrl: 'http://portal.test/unsubscribe?token=a&b' };
const tricky = 'Tom & Jerry\'s <b>"Roof"</b> — café';
/** React's stream markers (Suspense boundaries, text separators, singletons); Outlook's conditional comments stay. */
const withoutStreamComments = (html: string) => html.replace(/<!--(?!\[if)[^>]*?-->/g, '');
const streamComment = /<!--(?!\[if)[^>]*?-->/;

describe('the notification email templates, rendered', () => {
  it('a notification: the document React Email renders, without its stream comments, and the same text', async () => {
    const mail = await renderTemplatedMail('notification', { user_id: 7, first_name: 'Zoë', admin: false, kind: 'stage_changes', title: tricky, message: `${tricky} is now at Presentation Ready.`, project_id: 12, proposal_ticket_id: null }, deps);
    expect(mail.html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(true);
    expect(mail.html).not.toMatch(streamComment);
    expect(mail.html).toContain('Tom &amp; Jerry&#x27;s &lt;b&gt;&quot;Roof&quot;&lt;/b&gt; — café is now at Presentation Ready.');
    const token = encodeURIComponent(deps.unsubscribeTokens.sign(7, 'stage_changes'));
    const element = createElement(NotificationEmail, { firstName: 'Zoë', title: tricky, message: `${tricky} is now at Presentation Ready.`, action: { url: 'http://portal.test/projects/12', label: 'View project' }, footer: { eventLabel: 'Stage changes', preferencesUrl: 'http://portal.test/profile#notifications', unsubscribeUrl: `http://portal.test/unsubscribe?token=${token}` } });
    const streamed = await render(element);
    expect(mail.html).toBe(withoutStreamComments(streamed));
    expect(mail.text).toContain(`Hello Zoë,\n\n${tricky} is now at Presentation Ready.`);
    expect(mail.text).toBe(reactEmailPlainText(streamed));
  });

  it('a digest with several kinds: the same', async () => {
    const element = createElement(DigestEmail, { firstName: 'Pat', title: 'Your week', intro: tricky, sections: [{ heading: 'Stages', empty: 'None', items: [{ text: tricky, url: 'http://portal.test/projects/1?a=1&b=2' }, { text: 'No link', url: null }], more: 2 }, { heading: 'Tickets', empty: 'Nothing new', items: [], more: 0 }], action: { url: 'http://portal.test/', label: 'Open the portal' }, footer: [footer, { ...footer, eventLabel: 'Proposal requests' }] });
    const streamed = await render(element);
    const mail = await renderTemplatedMail('digest', { user_id: 3, first_name: 'Pat', title: 'Your week', intro: tricky, sections: [{ heading: 'Stages', empty: 'None', items: [{ text: tricky, path: '/projects/1?a=1&b=2' }, { text: 'No link', path: null }], more: 2 }, { heading: 'Tickets', empty: 'Nothing new', items: [], more: 0 }], action: { path: '/', label: 'Open the portal' } }, deps);
    expect(mail.html).not.toMatch(streamComment);
    // The digest's own footer (one kind) differs from the element's (two): compare up to the footer.
    const body = (html: string) => html.slice(0, html.indexOf('Why this email'));
    expect(body(mail.html)).toBe(body(withoutStreamComments(streamed)));
    expect(mail.text).toContain('STAGES');
    expect(mail.text).toBe(reactEmailPlainText(mail.html));
  });

  it('the text part: React Email\'s toPlainText, its selectors compiled once, on what each selector treats apart', () => {
    const html = [
      '<p>Line one<br/>line two, long enough that a converter which wrapped words would have wrapped this line somewhere past eighty characters</p>',
      '<a href="http://portal.test/a">http://portal.test/a</a> <a href="http://portal.test/b?x=1&amp;y=2">Open it</a>',
      '<img src="http://portal.test/logo.png" alt="Logo"/><div data-skip-in-text="true">hidden</div>',
      '<table><tr><th>Stage</th><td>Presentation Ready</td></tr></table><table data-text-format="dataTable"><tr><td>a</td><td>b</td></tr></table>',
      `<h1>${tricky}</h1><ul><li>one</li><li>two</li></ul>`,
    ];
    for (const one of [...html, html.join('')]) expect(toPlainText(one)).toBe(reactEmailPlainText(one));
    // Compiled once and called many times: no state carried from one message to the next.
    expect(toPlainText(html[0]!)).toBe(reactEmailPlainText(html[0]!));
  });
});
