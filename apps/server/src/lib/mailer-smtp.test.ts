import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, mailOutbox } from '../db/schema/index.js';
import { freePort } from '../test/services.js';
import { startSmtpServer, type LocalSmtpServer } from '../test/smtp-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { connect, createServer, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { SMTPServer } from 'smtp-server';
import { Mailer, type MailerOptions } from './mailer.js';
import { coalesceWrites, openSmtpSocket } from './smtp-transport.js';

/**
 * Real SMTP delivery from the outbox (docs/decisions/008) to a local SMTP server started here:
 * accepted, refused with 4xx and 5xx and retried, and a server down that comes back.
 */
let t: TestApp;
const servers: LocalSmtpServer[] = [];
const mailers: Mailer[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.mailer.pause();
});
afterAll(async () => t?.close());
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await t.db.delete(mailOutbox);
});

async function smtpServer(port?: number) {
  const server = await startSmtpServer(port);
  servers.push(server);
  return server;
}

function clock() {
  let now = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

function smtpMailer(url: string, options: Partial<MailerOptions> = {}) {
  const mailer = new Mailer({ db: t.db, run: t.database.run, from: 'SunIn Partner Portal <no-reply@sunin.example>', smtpUrl: url, maxAttempts: 6, log: { warn() {}, error() {} }, ...options });
  mailers.push(mailer);
  return mailer;
}

const message = { to: 'member@example.com', subject: 'Reset your SunIn password', text: 'Reset your password: http://portal.test/password-reset-form/abc\n', html: '<p>Reset</p>' };
const onlyRow = async () => (await t.db.select().from(mailOutbox))[0];

describe('SMTP delivery from the outbox', () => {
  it('delivers to the SMTP server and marks the row sent (nothing goes to the dev mailbox)', async () => {
    const server = await smtpServer();
    const mailer = smtpMailer(server.url);
    await mailer.enqueue(t.db, message);
    await mailer.flush();
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.to).toEqual(['member@example.com']);
    expect(server.received[0]?.raw).toContain('Subject: Reset your SunIn password');
    expect(server.received[0]?.raw).toContain('http://portal.test/password-reset-form/abc');
    expect(await onlyRow()).toMatchObject({ attempts: 1, sent_at: expect.any(Date), last_error: null });
    expect(await t.db.select().from(mailMessages)).toEqual([]);
  });

  it('sends a file from storage as an attachment (issue 36 item 4)', async () => {
    const server = await smtpServer();
    const pdf = Buffer.from('%PDF-1.3\n% signed\n%%EOF\n');
    await t.app.ctx.storage.put('signatures/smtp-test', Readable.from([pdf]), 'application/pdf');
    const mailer = smtpMailer(server.url, { storage: t.app.ctx.storage });
    await mailer.enqueue(t.db, { ...message, attachments: [{ filename: 'Signed proposal v1.pdf', content_type: 'application/pdf', storage_key: 'signatures/smtp-test' }] });
    await mailer.flush();
    const raw = server.received[0]?.raw ?? '';
    expect(raw).toMatch(/Content-Type: application\/pdf; name="Signed proposal v1.pdf"/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename="Signed proposal v1.pdf"/);
    expect(raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
  });

  it('retries a 4xx and then a 5xx refusal with backoff, and delivers once the server accepts', async () => {
    const server = await smtpServer();
    const time = clock();
    const mailer = smtpMailer(server.url, { now: time.now });
    server.reject(451, 'Try again later');
    server.reject(550, 'Mailbox unavailable');
    await mailer.enqueue(t.db, message);

    await mailer.flush();
    expect(await onlyRow()).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect((await onlyRow())?.last_error).toContain('451');

    time.advance(30_000);
    await mailer.flush();
    expect(await onlyRow()).toMatchObject({ attempts: 2, sent_at: null });
    expect((await onlyRow())?.last_error).toContain('550');
    expect(server.received).toHaveLength(0);

    time.advance(120_000);
    await mailer.flush();
    expect(await onlyRow()).toMatchObject({ attempts: 3, sent_at: expect.any(Date), last_error: null });
    expect(server.received).toHaveLength(1);
  });

  it('keeps the mail while the SMTP server is down and delivers it when it is back', async () => {
    const port = await freePort();
    const time = clock();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, { now: time.now });
    await mailer.enqueue(t.db, message);

    await mailer.flush();
    expect(await onlyRow()).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect((await onlyRow())?.last_error).toContain('ECONNREFUSED');

    const server = await smtpServer(port);
    await mailer.flush();
    expect(server.received).toHaveLength(0); // not due yet: its backoff has not passed
    time.advance(30_000);
    await mailer.flush();
    expect(server.received).toHaveLength(1);
    expect(await onlyRow()).toMatchObject({ attempts: 2, sent_at: expect.any(Date) });
  });
});

describe('mail at volume (issue 42 item 3, decision 055)', () => {
  it('has as many messages in flight as it keeps connections, and sends the rest over the same connections', async () => {
    const server = await smtpServer();
    const mailer = smtpMailer(server.url, { connections: 3 });
    for (let n = 1; n <= 8; n++) await mailer.enqueue(t.db, { ...message, subject: `Message ${n}` });
    const release = server.holdReplies();
    const flushed = mailer.flush();
    // Three lanes, each with a message the server holds before its reply: three in flight at once.
    await expect.poll(() => server.awaitingReply()).toBe(3);
    expect(server.received).toHaveLength(0);
    release();
    await flushed;
    expect(server.received.map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim()).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => `Message ${n}`));
    // Pooled: the eight went over the three connections it opened, none over a fourth.
    expect(server.connections()).toBe(3);
    expect((await t.db.select().from(mailOutbox)).every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
  });

  it('retries refused messages on their schedule in every lane, then records the final failure on the row and in the log', async () => {
    const server = await smtpServer();
    const time = clock();
    const errors: Array<{ details: object; message: string }> = [];
    const mailer = smtpMailer(server.url, { now: time.now, maxAttempts: 2, connections: 3, log: { warn() {}, error: (details, text) => void errors.push({ details, message: text }) } });
    for (let n = 1; n <= 3; n++) await mailer.enqueue(t.db, { ...message, subject: `Refused ${n}` });
    for (let n = 0; n < 6; n++) server.reject(550, 'Mailbox unavailable');

    await mailer.flush();
    let rows = await t.db.select().from(mailOutbox);
    expect(rows.map((row) => [row.attempts, row.next_attempt_at.getTime(), row.failed_at])).toEqual(rows.map(() => [1, time.now().getTime() + 30_000, null]));

    time.advance(29_999);
    await mailer.flush(); // not due yet
    expect((await t.db.select().from(mailOutbox)).map((row) => row.attempts)).toEqual([1, 1, 1]);

    time.advance(1);
    await mailer.flush();
    rows = await t.db.select().from(mailOutbox);
    expect(rows.map((row) => [row.attempts, row.sent_at, row.failed_at?.getTime()])).toEqual(rows.map(() => [2, null, time.now().getTime()]));
    for (const row of rows) expect(row.last_error).toMatch(/550/);
    expect(errors.map((line) => [line.message, (line.details as { mailId: number }).mailId]).sort()).toEqual(rows.map((row) => ['mail outbox: a message could not be sent and was given up', row.id]).sort());
    expect(server.received).toHaveLength(0);

    // Given up: never tried again, however long it waits.
    time.advance(7 * 86_400_000);
    await mailer.flush();
    expect((await t.db.select().from(mailOutbox)).map((row) => row.attempts)).toEqual([2, 2, 2]);
  });
});

describe('the SMTP socket (openSmtpSocket)', () => {
  const open = (options: Parameters<typeof openSmtpSocket>[0]) =>
    new Promise<Socket>((resolve, reject) => openSmtpSocket(options, (error, socketOptions) => (error ? reject(error) : resolve(socketOptions!.connection))));

  it('hands nodemailer a connected socket to the server of the URL', async () => {
    const server = await smtpServer();
    const port = Number(new URL(server.url).port);
    const socket = await open({ host: '127.0.0.1', port });
    try {
      expect(socket.remotePort).toBe(port);
      expect(socket.readyState).toBe('open');
    } finally {
      socket.destroy();
    }
  });

  it('fails with the connection error when nothing listens, and the mailer keeps the row for a retry', async () => {
    const port = await freePort();
    await expect(open({ host: '127.0.0.1', port })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    await mailer.enqueue(t.db, message);
    await mailer.flush();
    expect(await onlyRow()).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringContaining('ECONNREFUSED') });
  });

  it('sends the writes of one turn of the event loop in one system call, at the end of that turn', async () => {
    let received = '';
    let arrived: () => void = () => {};
    const server = createServer((peer) => peer.on('data', (chunk: Buffer) => ((received += chunk.toString()), arrived())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const socket = await open({ host: '127.0.0.1', port: (server.address() as { port: number }).port });
    const calls: number[] = [];
    // What reaches the kernel: one _write or _writev call each.
    const spy = socket as unknown as { _write: (...args: unknown[]) => void; _writev: (chunks: unknown[], callback: unknown) => void };
    const [write, writev] = [spy._write, spy._writev];
    spy._write = function (...args: unknown[]) {
      calls.push(1);
      return write.apply(this, args);
    };
    spy._writev = function (chunks: unknown[], callback: unknown) {
      calls.push(chunks.length);
      return writev.call(this, chunks, callback);
    };
    const until = (text: string) => new Promise<void>((resolve) => (arrived = () => received === text && resolve()));
    try {
      const first = until('MAIL FROM:<a@b>\r\nheaders\r\n\r\nbody\r\n.\r\n');
      for (const piece of ['MAIL FROM:<a@b>\r\n', 'headers\r\n\r\n', 'body\r\n', '.\r\n']) socket.write(piece);
      expect(calls).toEqual([]); // not yet: at the end of this turn
      await first; // and then without anything more written
      expect(calls).toEqual([4]);
      const second = until(`${received}QUIT\r\n`);
      socket.write('QUIT\r\n');
      await second;
      expect(calls).toEqual([4, 1]);
    } finally {
      socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('coalesceWrites leaves the socket writable the usual ways, each callback called', async () => {
    const server = createServer((peer) => peer.resume());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const socket = coalesceWrites(connect({ port: (server.address() as { port: number }).port, host: '127.0.0.1' }));
    try {
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      await new Promise<void>((resolve, reject) => socket.write('one\r\n', 'utf8', (error) => (error ? reject(error) : resolve())));
      await new Promise<void>((resolve, reject) => socket.write(Buffer.from('two\r\n'), (error) => (error ? reject(error) : resolve())));
    } finally {
      socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('coalesces the writes of plain SMTP only: after STARTTLS, and for smtps://, nodemailer writes through the TLS socket it puts on ours', async () => {
    // smtp-server's own self-signed certificate for STARTTLS and smtps://: the client is told not to check it.
    const secure = (mode: 'plain' | 'starttls' | 'smtps') =>
      new SMTPServer({ secure: mode === 'smtps', ...(mode === 'plain' ? { disabledCommands: ['STARTTLS'] } : {}), authOptional: true, logger: false, onData: (stream, _session, done) => void stream.resume().on('end', () => done()) });
    /** Sends three messages over one pooled connection; answers the commands that went through our socket's (coalescing) write. */
    const writesThroughOurSocket = async (mode: 'plain' | 'starttls' | 'smtps') => {
      const server = secure(mode);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const { port } = server.server.address() as { port: number };
      const written: string[] = [];
      const transport = nodemailer.createTransport(
        new SMTPPool({
          url: `${mode === 'smtps' ? 'smtps' : 'smtp'}://127.0.0.1:${port}/?tls.rejectUnauthorized=false${mode === 'starttls' ? '&requireTLS=true' : ''}`,
          pool: true,
          maxConnections: 1,
          getSocket: (options, callback) =>
            openSmtpSocket(options, (error, socketOptions) => {
              const socket = socketOptions?.connection;
              if (socket) {
                const write = socket.write;
                socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
                  written.push(String(args[0]).split(' ')[0]!.trim());
                  return (write as (...args: Parameters<Socket['write']>) => boolean).apply(this, args);
                } as Socket['write'];
              }
              callback(error, socketOptions);
            }),
        }),
      );
      try {
        for (const n of [1, 2, 3]) await transport.sendMail({ from: 'no-reply@sunin.example', to: 'member@example.com', subject: `Message ${n}`, text: 'x' });
      } finally {
        transport.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      return written;
    };
    // Plain SMTP: every command and every piece of each message (coalesceWrites sends a turn's pieces together).
    const plain = await writesThroughOurSocket('plain');
    expect(plain.filter((command) => command === 'MAIL')).toHaveLength(3);
    // STARTTLS: only what is said before the upgrade; the messages go through the TLS socket, uncoalesced.
    expect(await writesThroughOurSocket('starttls')).toEqual(['EHLO', 'STARTTLS']);
    // smtps://: TLS from the first byte, nothing through our write.
    expect(await writesThroughOurSocket('smtps')).toEqual([]);
  });

  it('speaks TLS from the first byte on that socket for smtps:// (nodemailer upgrades the socket it is handed)', async () => {
    let raw = '';
    // smtp-server's own self-signed certificate: the client is told not to check it.
    const server = new SMTPServer({ secure: true, authOptional: true, logger: false, onData: (stream, _session, done) => void stream.on('data', (chunk: Buffer) => (raw += chunk.toString())).on('end', () => done()) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = server.server.address() as { port: number };
      const mailer = smtpMailer(`smtps://127.0.0.1:${port}/?tls.rejectUnauthorized=false`);
      await mailer.enqueue(t.db, message);
      await mailer.flush();
      expect(raw).toContain('Subject: Reset your SunIn password');
      expect(await onlyRow()).toMatchObject({ attempts: 1, sent_at: expect.any(Date) });
    } finally {
      // The pool keeps its connection open, and this server waits for it before it closes.
      await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
