import { connect, type Socket } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };
/** SMTP connections a process keeps open to the relay by default (MAIL_SMTP_CONNECTIONS). */
export const MAIL_SMTP_CONNECTIONS = 4;
/**
 * Messages one pooled connection carries before nodemailer replaces it: nodemailer's default,
 * under the per-connection limits common relays set, so a relay never drops a connection mid-message for it.
 */
export const MAIL_SMTP_MESSAGES_PER_CONNECTION = 100;
/**
 * Times nodemailer's pool resends a message on a fresh connection when the relay closed the
 * connection under it (a pooled connection the relay timed out). Its default is without end:
 * a message that makes the relay hang up would hold its lane forever and, once the lease ran
 * out, be sent by another process too. After this one retry the outbox's backoff takes over.
 */
const MAIL_SMTP_REQUEUES = 1;

/**
 * Makes the writes to `socket` in one turn of the event loop leave together, in one system call
 * at the end of the turn (cork now, uncork in setImmediate), and never later. Nodemailer writes
 * a message as it streams it, in about a dozen pieces (headers, boundaries, each part, the
 * closing dot): each was a system call of its own with Nagle off, about 0.07 ms of CPU each on
 * a busy machine, 0.7 ms a notification email (issue 42 item 3, decision 055). A command still
 * leaves at once: nothing waits for more to write. Plain SMTP only: over TLS (STARTTLS, which the
 * documented SMTP_URL on 587 uses, and smtps://) nodemailer puts a TLS socket on this one, whose
 * encrypted writes go to the connection's handle beneath this `write`, uncoalesced (pinned by
 * mailer-smtp.test.ts). Nodemailer offers no hook on the socket it upgrades to.
 */
export function coalesceWrites(socket: Socket): Socket {
  const write = socket.write;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
    if (!corked) {
      corked = true;
      socket.cork();
      setImmediate(uncork);
    }
    return (write as (...args: Parameters<Socket['write']>) => boolean).apply(this, args);
  } as Socket['write'];
  return socket;
}

/**
 * The TCP connection to the SMTP server, opened here rather than by nodemailer so that Nagle's
 * algorithm is off: nodemailer writes the message and its closing dot separately, and with
 * Nagle on the second write waited for the server's delayed ACK, about 40 ms a message (55 ms
 * a message against a server answering at once, 10 ms without; decision 008). Instead the
 * writes of one turn go together (coalesceWrites, plain SMTP only). For smtps:// nodemailer puts
 * TLS on this socket itself; STARTTLS keeps it underneath; Nagle stays off for both. The pool asks for one socket per connection it
 * opens (smtp-pool/pool-resource.js `connect`).
 */
export function openSmtpSocket(options: Pick<SMTPConnection.Options, 'host' | 'port' | 'secure' | 'connectionTimeout'>, callback: (error: Error | null, socketOptions?: { connection: Socket }) => void): void {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = coalesceWrites(connect({ host: options.host ?? 'localhost', port, noDelay: true }));
  let settled = false;
  const settle = (error: Error | null) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    socket.removeListener('connect', onConnect);
    socket.removeListener('error', settle);
    if (error) {
      socket.on('error', () => {}); // anything after giving up is moot
      socket.destroy();
      callback(error);
    } else callback(null, { connection: socket });
  };
  const onConnect = () => settle(null);
  const timer = setTimeout(() => settle(Object.assign(new Error(`Connection timeout to ${options.host ?? 'localhost'}:${port}`), { code: 'ETIMEDOUT' })), options.connectionTimeout ?? SMTP_TIMEOUTS.connectionTimeout);
  socket.once('connect', onConnect);
  socket.once('error', settle);
}

/**
 * Delivery over SMTP_URL (every option nodemailer reads from the URL) through a pool of up to
 * `connections` connections kept open between messages (issue 42 item 3, decision 055), with
 * the timeouts above and the sockets of openSmtpSocket. Messages beyond the open connections
 * wait in the pool's queue for the first one free. The pool is built here and handed over:
 * `createTransport` given an object with `url` keeps only what the URL says.
 */
export function smtpTransport(url: string, connections = MAIL_SMTP_CONNECTIONS): Transporter {
  const options: SMTPPool.Options & { maxRequeues: number } = {
    url,
    pool: true,
    maxConnections: connections,
    maxMessages: MAIL_SMTP_MESSAGES_PER_CONNECTION,
    maxRequeues: MAIL_SMTP_REQUEUES,
    ...SMTP_TIMEOUTS,
    getSocket: openSmtpSocket,
  };
  return nodemailer.createTransport(new SMTPPool(options));
}
