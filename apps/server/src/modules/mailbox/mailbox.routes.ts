import type { FastifyPluginAsync } from 'fastify';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escapes the text, then turns each http(s) URL into a link. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * The development outbox (DESIGN.md "mail"): every message the portal would have sent, newest
 * first, with its links clickable. Registered only outside production.
 */
export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => app.ctx.mailer.list());

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await app.ctx.mailer.list();
    const note =
      app.ctx.mailer.mode === 'smtp'
        ? '<p class="note">SMTP_URL is set: mail is delivered over SMTP and not kept here.</p>'
        : '';
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(new Date(m.created_at).toLocaleString('en-US'))}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · SunIn</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.5rem}article{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#6b7280;margin:0 0 .5rem;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#15803d;word-break:break-all}.note{color:#92400e}
</style></head>
<body><h1>Dev mailbox</h1><p>Mail the portal sent in development, newest first (${messages.length}).</p>${note}
${items || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
};
