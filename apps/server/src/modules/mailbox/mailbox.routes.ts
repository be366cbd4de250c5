import type { FastifyPluginAsync } from 'fastify';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escapes the text, then turns each http(s) URL into a link. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (what Node reports for a dual-stack socket). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Headers a proxy adds for the client it forwards (RFC 7239 Forwarded and Via, the de facto
 * X-Forwarded-* family, and the client-address headers of nginx, Apache, Envoy, Akamai,
 * Cloudflare and Fastly). Any of them means the loopback peer is a proxy on this machine
 * speaking for someone else.
 */
const FORWARDING_HEADER = /^(?:forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|x-cluster-client-ip|x-original-forwarded-for|x-envoy-external-address|true-client-ip|cf-connecting-ip|fastly-client-ip)$/;

export function isForwarded(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => FORWARDING_HEADER.test(name.toLowerCase()));
}

/**
 * The name the browser asked for: this machine by name or address, or the portal's own APP_URL.
 * A page of another site whose name it pointed at 127.0.0.1 (DNS rebinding) reaches the
 * server from a loopback peer with no forwarding header, but still names its own host.
 */
export function isOwnHost(hostHeader: string | undefined, appUrl: string): boolean {
  if (!hostHeader) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname === '[::1]' || isLoopback(hostname)) return true;
  try {
    return hostname === new URL(appUrl).hostname;
  } catch {
    return false;
  }
}

/**
 * The development mailbox (DESIGN.md "mail"): every message the portal would have sent, newest
 * first, with its links clickable. Registered only outside production, and answered only to a
 * browser on this machine (issue 13 item 8, issue 34 item 3): it holds every reset link. The
 * socket's peer must be loopback (not `request.ip`, which a trusted proxy's header decides) and
 * no forwarding header may be present, so a reverse proxy on the same host (whose connection is
 * loopback too) does not pass the internet through; and the Host must be this machine's or
 * APP_URL's, so a rebinding page in the developer's own browser is refused too. Anyone else gets the answer of an unknown
 * address, word for word: the mailbox's existence is not revealed.
 */
export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (isLoopback(request.socket.remoteAddress) && !isForwarded(request.headers) && isOwnHost(request.headers.host, app.ctx.config.appUrl)) return;
    // `return reply` ends the hooks: the not-found handler's answer is the response.
    return reply.callNotFound();
  });
  /**
   * Mail leaves after the request that caused it (docs/decisions/008): work a request left
   * running (a reset's token and mail) finishes first, and `list()` delivers what is due, so the
   * mailbox shows the mail of a request just answered.
   */
  const deliveredMail = async () => {
    await app.ctx.background.drain();
    return app.ctx.mailer.list();
  };

  app.get('/dev/mailbox.json', { schema: { hide: true } }, deliveredMail);

  /**
   * A message's HTML part, alone (issue 18 item 4), for the mailbox's frame: its own CSP lets the
   * email's inline styles and remote images show, runs no script, and lets only the mailbox
   * page frame it.
   */
  app.get<{ Params: { file: string } }>('/dev/mailbox/:file', { schema: { hide: true } }, async (request, reply) => {
    const id = /^(\d{1,10})\.html$/.exec(request.params.file)?.[1];
    const message = id === undefined ? undefined : await app.ctx.mailer.find(Number(id));
    if (!message?.html) return reply.status(404).send({ error: { code: 'not_found', message: 'No such message.' } });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'")
      .header('X-Frame-Options', 'SAMEORIGIN')
      .send(message.html);
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await deliveredMail();
    const note =
      app.ctx.mailer.mode === 'smtp'
        ? '<p class="note">SMTP_URL is set: mail is delivered over SMTP and not kept here.</p>'
        : '';
    const items = messages
      .map((m) => {
        const headers = [['From', m.from], ['To', m.to], ['Subject', m.subject], ...Object.entries(m.headers)]
          .map(([name, value]) => `<dt>${escapeHtml(name ?? '')}</dt><dd>${linkify(value ?? '')}</dd>`)
          .join('');
        const html = m.html
          ? `<iframe src="/dev/mailbox/${m.id}.html" title="The HTML part of “${escapeHtml(m.subject)}”" sandbox="allow-popups allow-popups-to-escape-sandbox" loading="lazy"></iframe>
  <details><summary>Plain text</summary><pre>${linkify(m.text)}</pre></details>`
          : `<pre>${linkify(m.text)}</pre>`;
        // Every link of the message in plain sight, to follow in this tab (the HTML's open new ones).
        const links = [...new Set(m.text.match(/https?:\/\/[^\s<]+/g) ?? [])];
        const linkList = links.length > 0 ? `<p class="links">Links: ${links.map((url) => linkify(url)).join(' · ')}</p>` : '';
        return `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(new Date(m.created_at).toLocaleString('en-US'))}</p>
  ${linkList}
  <details><summary>Headers</summary><dl>${headers}</dl></details>
  ${html}
</article>`;
      })
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · SunIn</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.5rem}article{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#6b7280;margin:0 0 .5rem;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit;margin:0}.links{font-size:.9rem;margin:0 0 .5rem}a{color:#15803d;word-break:break-all}.note{color:#92400e}
details{margin:.5rem 0}summary{cursor:pointer;color:#374151}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem .75rem;font-size:.85rem;margin:.5rem 0}
dt{font-weight:600}dd{margin:0;word-break:break-all}iframe{width:100%;height:30rem;border:1px solid #e5e7eb;border-radius:.25rem;background:#fff}
</style></head>
<body><h1>Dev mailbox</h1><p>Mail the portal sent in development, newest first (${messages.length}).</p>${note}
${items || '<p>No messages yet.</p>'}
</body></html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
};
