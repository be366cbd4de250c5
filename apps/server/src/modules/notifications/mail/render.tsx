import { EMAILED_NOTIFICATION_KINDS, EMAIL_DIGEST_EVENT_TYPES, EMAIL_EVENT_LABELS, EMAIL_PREFERENCES_PATH, notificationSubjectPath, type EmailEventType } from '@sunin/contract';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import type { RenderedMail } from '../../../lib/mailer.js';
import type { UnsubscribeTokens } from '../../../lib/unsubscribe-token.js';
import { DigestEmail, NotificationEmail, type EmailFooter } from './templates.js';

/** What a templated outbox row holds (`mail_outbox.template_data`), checked again when it is rendered. */
export const notificationMailDataSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  admin: z.boolean(),
  kind: z.enum(EMAILED_NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  project_id: z.number().int().nullable(),
  proposal_ticket_id: z.number().int().nullable(),
});
export type NotificationMailData = z.infer<typeof notificationMailDataSchema>;

export const digestMailDataSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  title: z.string(),
  intro: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      empty: z.string(),
      items: z.array(z.object({ text: z.string(), path: z.string().startsWith('/').nullable() })),
      more: z.number().int().min(0),
    }),
  ),
  action: z.object({ path: z.string().startsWith('/'), label: z.string() }),
});
export type DigestMailData = z.infer<typeof digestMailDataSchema>;

/** The hourly digest (issue 37 item 3): the weekly digest's shape, with the kinds it holds (its footer offers to stop each). */
export const hourlyDigestMailDataSchema = digestMailDataSchema.extend({ kinds: z.array(z.enum(EMAIL_DIGEST_EVENT_TYPES)).min(1) });
export type HourlyDigestMailData = z.infer<typeof hourlyDigestMailDataSchema>;

export interface MailRenderDeps {
  appUrl: string;
  unsubscribeTokens: UnsubscribeTokens;
}

/**
 * Footer links and headers of a message about `eventType` to `userId`: the preferences link, a
 * page to unsubscribe from a link in the body, and RFC 8058 one-click unsubscribe for the mail
 * client (`List-Unsubscribe` on the API, which a POST turns off without signing in).
 */
function unsubscribeParts(deps: MailRenderDeps, userId: number, eventType: EmailEventType): { footer: EmailFooter; headers: Record<string, string> } {
  const token = encodeURIComponent(deps.unsubscribeTokens.sign(userId, eventType));
  return {
    footer: {
      eventLabel: EMAIL_EVENT_LABELS[eventType].label,
      preferencesUrl: `${deps.appUrl}${EMAIL_PREFERENCES_PATH}`,
      unsubscribeUrl: `${deps.appUrl}/unsubscribe?token=${token}`,
    },
    headers: {
      'List-Unsubscribe': `<${deps.appUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: an automatic message, which auto-responders do not answer.
      'Auto-Submitted': 'auto-generated',
    },
  };
}

/**
 * React Email's `toPlainText` with its selectors compiled once: it calls html-to-text's
 * `convert`, which compiles its options and selectors into a decision tree on every call, the
 * larger part of the text part's cost (issue 42 item 3, decision 055). The same options (no
 * word wrap, React Email's selectors), so the same text; render.test.ts compares the two.
 */
export const toPlainText: (html: string) => string = compile({ wordwrap: false, selectors: [...plainTextSelectors] });

/** The document type React Email's `render` puts first. */
const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML in one synchronous pass (React's static markup) rather than React Email's `render`,
 * which streams through web streams with Suspense for components that may wait: these never
 * wait, and the stream cost four times the CPU (2.1 against 0.5 ms a notification email,
 * measured alone) on the outbox's path to 100 messages a second (issue 42 item 3, decision 055).
 * The markup is the same less React's stream comments; the text part is the same.
 */
function finish(element: ReactElement, subject: string, headers: Record<string, string>): RenderedMail {
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(element)}`;
  return { subject, html, text: toPlainText(html), headers };
}

/**
 * Renders a templated outbox row (docs/decisions/023). Throws on data that does not fit its
 * template; the outbox then records a failed attempt, never the action that enqueued it.
 */
export async function renderTemplatedMail(template: string, data: unknown, deps: MailRenderDeps): Promise<RenderedMail> {
  if (template === 'notification') {
    const mail = notificationMailDataSchema.parse(data);
    const { footer, headers } = unsubscribeParts(deps, mail.user_id, mail.kind);
    const subject = notificationSubjectPath(mail, mail.admin);
    const action = subject ? { url: `${deps.appUrl}${subject.path}`, label: subject.label } : null;
    return finish(<NotificationEmail firstName={mail.first_name} title={mail.title} message={mail.message} action={action} footer={footer} />, mail.title, headers);
  }
  if (template === 'digest' || template === 'hourly_digest') {
    const mail = template === 'digest' ? { ...digestMailDataSchema.parse(data), kinds: ['weekly_digest' as const] } : hourlyDigestMailDataSchema.parse(data);
    // One footer line per kind held; the one-click header stops the first (docs/decisions/044).
    const parts = mail.kinds.map((kind) => unsubscribeParts(deps, mail.user_id, kind));
    const footer = parts.map((part) => part.footer);
    const headers = parts[0]!.headers;
    const sections = mail.sections.map((section) => ({ ...section, items: section.items.map((item) => ({ text: item.text, url: item.path === null ? null : `${deps.appUrl}${item.path}` })) }));
    const action = { url: `${deps.appUrl}${mail.action.path}`, label: mail.action.label };
    return finish(<DigestEmail firstName={mail.first_name} title={mail.title} intro={mail.intro} sections={sections} action={action} footer={footer} />, mail.title, headers);
  }
  throw new Error(`Unknown mail template "${template}".`);
}
