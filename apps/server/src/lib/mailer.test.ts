import { Readable } from 'node:stream';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database, RunStatement, Statement } from '../db/client.js';
import { mailMessages, mailOutbox } from '../db/schema/index.js';
import { startSmtpServer } from '../test/smtp-server.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { Mailer, mailPruneBatch, type MailerOptions, type MailMessage } from './mailer.js';

/**
 * The outbox worker (docs/decisions/008) against the real database (PGlite, or PostgreSQL when
 * DATABASE_URL is set). Time is a clock the test moves, never a wait.
 */
let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same database: a second process on PostgreSQL (its own pool).
  second = await createTestApp({}, { sameDatabaseAs: t });
  // Their own workers stay out of the way: these tests drive workers of their own.
  await Promise.all([t.app.ctx.mailer.pause(), second.app.ctx.mailer.pause()]);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const mailers: Mailer[] = [];
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
  await t.db.delete(mailOutbox);
  await t.db.delete(mailMessages);
});

type Sent = { to: string; subject: string; text: string };
/** A transport that hands each message to `send` (which may fail or wait) and records it. */
function transportOf(send: (message: Sent) => Promise<void> | void = () => {}) {
  const sent: Sent[] = [];
  const transport = {
    async sendMail(message: Sent) {
      await send(message);
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    close() {},
  } as unknown as Transporter;
  return { transport, sent };
}

function clock(start = new Date('2030-01-01T00:00:00Z')) {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms), at: (ms: number) => new Date(start.getTime() + ms) };
}

function logRecorder() {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  return {
    lines,
    log: {
      warn: (details: object, message: string) => void lines.push({ level: 'warn', details, message }),
      error: (details: object, message: string) => void lines.push({ level: 'error', details, message }),
    },
  };
}

function mailer(options: Partial<MailerOptions> & { db?: Database } = {}): Mailer {
  const created = new Mailer({ db: t.db, run: t.database.run, from: 'SunIn <no-reply@sunin.example>', smtpUrl: 'smtp://unused.invalid', maxAttempts: 6, log: logRecorder().log, ...options });
  mailers.push(created);
  return created;
}

const resetMail = (n = 1): MailMessage => ({
  to: `member${n}@example.com`,
  subject: `Reset ${n}`,
  text: `Reset your password: http://portal.test/password-reset-form/secret-token-${n}\n`,
  html: `<a href="http://portal.test/password-reset-form/secret-token-${n}">Reset</a>`,
});

const outboxRows = () => t.db.select().from(mailOutbox).orderBy(mailOutbox.id);

/** A pass, and the prune it started: flush() waits only for the sends. */
async function sendAndPrune(worker: Mailer): Promise<void> {
  await worker.flush();
  await worker.idle();
}

/**
 * `db` as the mailer sees it, with each DELETE statement (the prune's) counted, and held before
 * it runs while `hold()` is in force, until `release()`.
 */
function pruneProbe(db: Database) {
  let gate: Promise<void> = Promise.resolve();
  let open: () => void = () => {};
  const probe = {
    deletes: 0,
    onDelete: () => {},
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = Promise.resolve();
    },
    db: new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'delete') return Reflect.get(target, property, receiver);
        return (table: Parameters<Database['delete']>[0]) =>
          new Proxy(target.delete(table), {
            get(builder, name, builderReceiver) {
              if (name !== 'then') return Reflect.get(builder, name, builderReceiver);
              return (onFulfilled: (value: unknown) => unknown, onRejected: (reason: unknown) => unknown) => {
                probe.deletes++;
                probe.onDelete();
                return gate.then(() => builder.then(onFulfilled, onRejected));
              };
            },
          });
      },
    }),
  };
  return probe;
}

describe('the mail outbox', () => {
  it('sends nothing for an action that rolls back, and what its committed twin enqueued', async () => {
    const { transport, sent } = transportOf();
    const worker = mailer({ transport });
    await expect(
      t.db.transaction(async (tx) => {
        await worker.enqueue(tx, resetMail(1));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await t.db.transaction(async (tx) => worker.enqueue(tx, resetMail(2)));
    await worker.flush();
    expect(sent.map((message) => message.subject)).toEqual(['Reset 2']);
    expect(await outboxRows()).toEqual([expect.objectContaining({ subject: 'Reset 2', attempts: 1, sent_at: expect.any(Date), failed_at: null })]);
  });

  it('wakes on an enqueue in its own process: the dev mailbox holds the mail without a poll or a flush', async () => {
    // A poll an hour apart: only the wake after the enqueue can have sent it.
    const worker = mailer({ smtpUrl: undefined, pollIntervalMs: 3_600_000 });
    worker.start();
    await worker.idle();
    await worker.send(resetMail(1));
    await worker.idle();
    // Read from the table: list() would deliver it itself.
    expect((await t.db.select().from(mailMessages)).map((mail) => [mail.to_address, mail.subject])).toEqual([['member1@example.com', 'Reset 1']]);
    expect((await outboxRows())[0]?.sent_at).toBeInstanceOf(Date);
  });

  it('claims and marks each row through the prepared statements of `run` (no query built per message), with the row as Drizzle reads it', async () => {
    // What Drizzle reads of the row while it is sent: the claimed row, not yet marked.
    let read: Array<typeof mailOutbox.$inferSelect> = [];
    const { transport, sent } = transportOf(async () => void (read = await outboxRows()));
    const names: string[] = [];
    const claimed: unknown[] = [];
    const run: RunStatement = async <Row>(statement: Statement, values: unknown[]) => {
      names.push(statement.name);
      const rows = await t.database.run<Row>(statement, values);
      if (statement.name === 'mail_outbox_claim') claimed.push(...rows);
      return rows;
    };
    const worker = mailer({ transport, run, lanes: 1 });
    await worker.enqueue(t.db, resetMail(1));
    await worker.flush();
    expect(sent.map((message) => message.subject)).toEqual(['Reset 1']);
    expect(names).toEqual(['mail_outbox_claim', 'mail_outbox_sent', 'mail_outbox_claim']);
    expect(claimed).toHaveLength(1);
    // Every column, with Drizzle's types (Dates, parsed jsonb, nulls), and nothing else.
    expect(claimed[0]).toEqual(read[0]);
    expect(Object.keys(claimed[0] as object).sort()).toEqual(Object.keys(getTableColumns(mailOutbox)).sort());
    const [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 1, sent_at: expect.any(Date), last_error: null, attachments: [] });
  });

  it('claims with the columns it knows after a migration adds one to the outbox (no 0A000 from its prepared claim)', async () => {
    const { transport, sent } = transportOf();
    const claimed: object[] = [];
    const run: RunStatement = async <Row>(statement: Statement, values: unknown[]) => {
      const rows = await t.database.run<Row>(statement, values);
      if (statement.name === 'mail_outbox_claim') claimed.push(...(rows as object[]));
      return rows;
    };
    const worker = mailer({ transport, run, lanes: 1 });
    // Prepared on its connection (PostgreSQL) before the migration.
    await worker.enqueue(t.db, resetMail(1));
    await worker.flush();
    await t.db.execute(sql`alter table mail_outbox add column added_later integer not null default 7`);
    try {
      await worker.enqueue(t.db, resetMail(2));
      await worker.flush();
      expect(sent.map((message) => message.subject)).toEqual(['Reset 1', 'Reset 2']);
      expect(claimed.map((row) => Object.keys(row).sort())).toEqual([1, 2].map(() => Object.keys(getTableColumns(mailOutbox)).sort()));
    } finally {
      await t.db.execute(sql`alter table mail_outbox drop column added_later`);
    }
  });

  it("takes a row queued in the millisecond the pass starts, though the database's now() has microseconds", async () => {
    // A row queued by SQL (the notification emails) is stamped by PostgreSQL in microseconds,
    // while the worker's clock holds whole milliseconds: a flush right after the insert found
    // the row later than its own "now" and left it for the next pass.
    const time = clock();
    const { transport, sent } = transportOf();
    const worker = mailer({ transport, now: time.now });
    const queue = (subject: string, microseconds: number) =>
      t.db.insert(mailOutbox).values({ to_address: 'member@example.com', subject, text_body: 'x', next_attempt_at: sql`${time.now().toISOString()}::timestamptz + ${`${microseconds} microseconds`}::interval` });
    await queue('Same millisecond', 400);
    await queue('Next millisecond', 1_000);
    await worker.flush();
    expect(sent.map((message) => message.subject)).toEqual(['Same millisecond']);
    time.advance(1);
    await worker.flush();
    expect(sent.map((message) => message.subject)).toEqual(['Same millisecond', 'Next millisecond']);
  });

  it('retries a failing transport with backoff, then marks the row failed and logs it without body, link or address', async () => {
    const time = clock();
    const recorder = logRecorder();
    const { transport } = transportOf(() => {
      throw Object.assign(new Error('Connection refused for member1@example.com, see http://portal.test/password-reset-form/secret-token-1'), { code: 'ECONNREFUSED' });
    });
    const worker = mailer({ transport, now: time.now, log: recorder.log, maxAttempts: 4, backoffMs: [30_000, 120_000, 600_000] });
    await worker.enqueue(t.db, resetMail(1));

    await worker.flush();
    let [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 1, next_attempt_at: time.at(30_000), sent_at: null, failed_at: null });
    expect(row?.last_error).toContain('ECONNREFUSED');

    // Not due before its backoff has passed.
    time.advance(29_999);
    await worker.flush();
    expect((await outboxRows())[0]?.attempts).toBe(1);

    time.advance(1);
    await worker.flush();
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: time.at(30_000 + 120_000) });

    time.advance(120_000);
    await worker.flush();
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 3, next_attempt_at: time.at(150_000 + 600_000) });

    time.advance(600_000);
    await worker.flush();
    [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 4, failed_at: time.at(750_000), sent_at: null });

    // Given up: never tried again.
    time.advance(86_400_000);
    await worker.flush();
    expect((await outboxRows())[0]?.attempts).toBe(4);

    expect(recorder.lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'mail outbox: sending failed; will retry'],
      ['warn', 'mail outbox: sending failed; will retry'],
      ['warn', 'mail outbox: sending failed; will retry'],
      ['error', 'mail outbox: a message could not be sent and was given up'],
    ]);
    const logged = JSON.stringify(recorder.lines) + String(row?.last_error);
    expect(logged).toContain(`"mailId":${row?.id}`);
    for (const secret of ['secret-token', 'password-reset-form', 'member1@example.com', 'Reset 1']) expect(logged).not.toContain(secret);
  });

  // On PGlite the workers share its one connection: each claim runs alone, so this proves the
  // claim is one statement (a select then an update would interleave and send rows twice), not
  // that row locks keep concurrent transactions apart. That takes PostgreSQL (CI's second pass).
  it('never sends a row twice, with two workers on one database (two processes on PostgreSQL)', async () => {
    const { transport, sent } = transportOf(() => new Promise((resolve) => setImmediate(resolve)));
    const workers = [mailer({ transport }), mailer({ transport, db: second.db, run: second.database.run }), mailer({ transport }), mailer({ transport, db: second.db, run: second.database.run })];
    const count = 40;
    for (let n = 1; n <= count; n++) await workers[0]!.enqueue(t.db, resetMail(n));
    await Promise.all(workers.map((worker) => worker.flush()));
    const subjects = sent.map((message) => message.subject).sort();
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
    expect((await outboxRows()).every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
  });

  // Contested only on PostgreSQL, where each process has its own pool and eight claims run in
  // concurrent transactions. On PGlite it would add nothing to the test above and to
  // mailer-smtp.test.ts (lanes over one pool), so it does not run there rather than pass vacuously.
  it.skipIf(!process.env.DATABASE_URL)('never sends a row twice over pooled SMTP, two processes on PostgreSQL with four lanes each', async () => {
    const server = await startSmtpServer();
    try {
      const workers = [mailer({ smtpUrl: server.url, connections: 4 }), mailer({ smtpUrl: server.url, connections: 4, db: second.db, run: second.database.run })];
      const count = 60;
      for (let n = 1; n <= count; n++) await workers[0]!.enqueue(t.db, resetMail(n));
      await Promise.all(workers.map((worker) => worker.flush()));
      const subjects = server.received.map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]?.trim()).sort();
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      expect((await outboxRows()).every((row) => row.attempts === 1 && row.sent_at !== null)).toBe(true);
    } finally {
      // Pooled connections stay open until their mailer closes; the server waits for them.
      await Promise.all(mailers.splice(0).map((worker) => worker.close()));
      await server.close();
    }
  });

  it('sends a row claimed by a process that died once its lease has run out, and not before', async () => {
    const time = clock();
    let deliver: () => void = () => {};
    // The first process claims the row and never finishes sending it (killed mid-send).
    const stuck = transportOf(() => new Promise<void>((resolve) => (deliver = resolve)));
    const dying = new Mailer({ db: t.db, run: t.database.run, from: 'x <x@sunin.example>', smtpUrl: 'smtp://unused.invalid', maxAttempts: 6, log: logRecorder().log, transport: stuck.transport, now: time.now, leaseMs: 300_000 });
    await dying.enqueue(t.db, resetMail(1));
    const abandoned = dying.flush();
    await expect.poll(async () => (await outboxRows())[0]?.attempts).toBe(1);

    const healthy = transportOf();
    const survivor = mailer({ transport: healthy.transport, now: time.now, db: second.db, run: second.database.run, leaseMs: 300_000 });
    time.advance(299_999);
    await survivor.flush();
    expect(healthy.sent).toHaveLength(0);
    time.advance(1);
    await survivor.flush();
    expect(healthy.sent.map((message) => message.subject)).toEqual(['Reset 1']);
    expect((await outboxRows())[0]).toMatchObject({ attempts: 2, sent_at: time.at(300_000) });

    deliver();
    await abandoned;
  });

  it('stops cleanly: close waits for every send in flight and leaves the rest for later', async () => {
    const held: Array<() => void> = [];
    const slow = transportOf(() => new Promise<void>((resolve) => held.push(resolve)));
    const worker = mailer({ transport: slow.transport, lanes: 2 });
    for (let n = 1; n <= 3; n++) await worker.enqueue(t.db, resetMail(n));
    worker.start();
    // Both lanes hold a message; the third waits for a free lane.
    await expect.poll(() => held.length).toBe(2);
    let closed = false;
    const closing = worker.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    held.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false); // one send is still in flight
    held.shift()!();
    await closing;
    const rows = await outboxRows();
    expect(rows.map((row) => [row.subject, row.attempts, row.sent_at !== null])).toEqual([
      ['Reset 1', 1, true],
      ['Reset 2', 1, true],
      ['Reset 3', 0, false],
    ]);
    expect(held).toHaveLength(0);
    // A closed worker sends nothing more; the row waits for another process or the next start.
    await worker.flush();
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Reset 3')))[0]?.attempts).toBe(0);
  });
});

describe('mail attachments (issue 36 item 4)', () => {
  const signedPdf = Buffer.from('%PDF-1.3\n% the signed proposal\n%%EOF\n');
  const withFile = (key: string): MailMessage => ({ to: 'dana@acme.example', subject: 'Your signed proposal', text: 'Attached.', attachments: [{ filename: 'Signed proposal v1 - Acme.pdf', content_type: 'application/pdf', storage_key: key }] });

  it('keeps the files on the row and reads their bytes from storage when it sends', async () => {
    const storage = t.app.ctx.storage;
    await storage.put('signatures/mail-test-1', Readable.from([signedPdf]), 'application/pdf');
    const sent: Array<{ attachments?: Array<{ filename: string; contentType: string; content: Buffer }> }> = [];
    const transport = { async sendMail(message: (typeof sent)[number]) { sent.push(message); return { messageId: '<1@test>' }; }, close() {} } as unknown as Transporter;
    const worker = mailer({ transport, storage });
    await worker.enqueue(t.db, withFile('signatures/mail-test-1'));
    expect((await outboxRows())[0]?.attachments).toEqual([{ filename: 'Signed proposal v1 - Acme.pdf', content_type: 'application/pdf', storage_key: 'signatures/mail-test-1' }]);
    await worker.flush();
    expect(sent[0]?.attachments).toEqual([{ filename: 'Signed proposal v1 - Acme.pdf', contentType: 'application/pdf', content: signedPdf }]);
    expect((await outboxRows())[0]).toMatchObject({ sent_at: expect.any(Date) });
  });

  it('names each file in the dev mailbox', async () => {
    await t.app.ctx.storage.put('signatures/mail-test-2', Readable.from([signedPdf]), 'application/pdf');
    const worker = mailer({ smtpUrl: undefined, storage: t.app.ctx.storage });
    await worker.enqueue(t.db, withFile('signatures/mail-test-2'));
    await worker.flush();
    const [stored] = await t.db.select().from(mailMessages);
    expect(stored?.headers).toMatchObject({ 'X-Attachments': `Signed proposal v1 - Acme.pdf (application/pdf, ${signedPdf.length} bytes)` });
  });

  it('fails the attempt, to retry later, while a file is missing from storage', async () => {
    const { transport, sent } = transportOf();
    const worker = mailer({ transport, storage: t.app.ctx.storage });
    await worker.enqueue(t.db, withFile('signatures/not-there'));
    await worker.flush();
    expect(sent).toEqual([]);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ sent_at: null, failed_at: null, attempts: 1 });
    expect(row?.last_error).toContain('missing from storage');
  });
});

describe('outbox retention (issue 42 item 3, decision 055)', () => {
  const DAY = 86_400_000;
  const retention = { sentMs: 30 * DAY, failedMs: 90 * DAY };

  it('prunes sent rows after their retention and failed rows after theirs, a batch at a time, and never a row still to send', async () => {
    // From the real time: the cutoffs also hold `created_at`, which the database stamps.
    const time = clock(new Date());
    const { transport } = transportOf((message) => {
      if (message.subject === 'Refused') throw Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
    });
    const worker = mailer({ transport, now: time.now, maxAttempts: 1, retention, pruneBatch: 2 });
    for (let n = 1; n <= 5; n++) await worker.enqueue(t.db, resetMail(n));
    await worker.enqueue(t.db, { ...resetMail(6), subject: 'Refused' });
    // Not due for years: still to send whenever the prunes run.
    await t.db.insert(mailOutbox).values({ to_address: 'later@example.com', subject: 'Pending', text_body: 'x', next_attempt_at: time.at(1000 * DAY) });
    await sendAndPrune(worker);
    const state = async () => (await outboxRows()).map((row) => [row.subject, row.sent_at ? 'sent' : row.failed_at ? 'failed' : 'pending']);
    expect(await state()).toEqual([...[1, 2, 3, 4, 5].map((n) => [`Reset ${n}`, 'sent']), ['Refused', 'failed'], ['Pending', 'pending']]);

    time.advance(30 * DAY - 3_600_000);
    await sendAndPrune(worker);
    expect(await outboxRows()).toHaveLength(7);

    // Five sent rows past 30 days, in batches of two: all go in one prune.
    time.advance(2 * 3_600_000);
    await sendAndPrune(worker);
    expect(await state()).toEqual([['Refused', 'failed'], ['Pending', 'pending']]);

    time.advance(60 * DAY - 2 * 3_600_000);
    await sendAndPrune(worker);
    expect(await state()).toEqual([['Refused', 'failed'], ['Pending', 'pending']]);

    time.advance(2 * 3_600_000);
    await sendAndPrune(worker);
    expect(await state()).toEqual([['Pending', 'pending']]);
  });

  it('prunes at most once per prune interval in a process', async () => {
    const time = clock(new Date());
    const { transport } = transportOf();
    const worker = mailer({ transport, now: time.now, retention: { sentMs: DAY, failedMs: DAY }, pruneIntervalMs: 10 * 60_000 });
    await worker.enqueue(t.db, resetMail(1));
    await sendAndPrune(worker); // Reset 1 sent at 0, and a first prune
    time.advance(5 * 60_000);
    await worker.enqueue(t.db, resetMail(2));
    await sendAndPrune(worker); // Reset 2 sent at 5 min
    time.advance(DAY - 4 * 60_000);
    await sendAndPrune(worker); // a day and a minute: prunes Reset 1
    expect((await outboxRows()).map((row) => row.subject)).toEqual(['Reset 2']);
    time.advance(5 * 60_000);
    await sendAndPrune(worker); // Reset 2 is past its day, but the last prune was 5 minutes ago
    expect((await outboxRows()).map((row) => row.subject)).toEqual(['Reset 2']);
    time.advance(5 * 60_000);
    await sendAndPrune(worker);
    expect(await outboxRows()).toEqual([]);
  });

  it('prunes a few batches a run, and the next pass carries on without waiting for the prune interval', async () => {
    const time = clock(new Date());
    const { transport } = transportOf();
    const probe = pruneProbe(t.db);
    const worker = mailer({ transport, now: time.now, db: probe.db, retention, pruneBatch: 2, pruneBatchesPerRun: 2 });
    for (let n = 1; n <= 7; n++) await worker.enqueue(t.db, resetMail(n));
    await sendAndPrune(worker); // a first prune: one statement finds nothing
    expect(probe.deletes).toBe(1);
    time.advance(31 * DAY);
    await sendAndPrune(worker);
    expect(probe.deletes).toBe(3);
    expect((await outboxRows()).map((row) => row.subject)).toEqual(['Reset 5', 'Reset 6', 'Reset 7']);
    await sendAndPrune(worker); // the same instant: only the rows left behind let it prune again
    expect(probe.deletes).toBe(5);
    expect(await outboxRows()).toEqual([]);
    // Caught up (its last statement took less than a batch): the interval applies again.
    await sendAndPrune(worker);
    expect(probe.deletes).toBe(5);
  });

  it('sends while a prune runs: a pass never waits for it (a password reset queued meanwhile goes out), and close() does', async () => {
    const probe = pruneProbe(t.db);
    const { transport, sent } = transportOf();
    const worker = mailer({ transport, db: probe.db, pollIntervalMs: 3_600_000 });
    probe.hold();
    await worker.send(resetMail(1));
    worker.start();
    await expect.poll(() => probe.deletes).toBe(1); // the prune's first statement, held
    await worker.flush();
    await worker.send(resetMail(2));
    await worker.flush();
    expect(sent.map((message) => message.subject)).toEqual(['Reset 1', 'Reset 2']);

    let closed = false;
    const closing = worker.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false); // the prune is still held
    probe.release();
    await closing;
    expect(probe.deletes).toBe(1);
  });

  it('gives the event loop a turn between prune statements (on PGlite a statement completes without one)', async () => {
    const time = clock(new Date());
    const { transport } = transportOf();
    const probe = pruneProbe(t.db);
    const worker = mailer({ transport, now: time.now, db: probe.db, retention, pruneBatch: 1, pruneBatchesPerRun: 6 });
    for (let n = 1; n <= 5; n++) await worker.enqueue(t.db, resetMail(n));
    await sendAndPrune(worker);
    time.advance(31 * DAY);
    // Counts the event loop's turns (each runs one setImmediate callback of the ticker) seen by each statement.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    probe.onDelete = () => seen.push(turns);
    try {
      await sendAndPrune(worker);
    } finally {
      ticking = false;
    }
    for (let index = 1; index < seen.length; index++) expect(seen[index]).toBeGreaterThan(seen[index - 1]!);
    expect(seen).toHaveLength(6); // five rows, one a statement, and the statement that found none
    expect(await outboxRows()).toEqual([]);
  });

  it('finds what to prune through mail_outbox_created_idx, never by reading the whole table', async () => {
    const batch = mailPruneBatch(t.db, new Date(), retention, 1000).getSQL();
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const explained = (await tx.execute(sql`explain ${batch}`)) as unknown as { rows: Array<Record<string, string>> };
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    // The index bounds the scan: walking the whole index in created_at order (a query without
    // the created_at cutoff, sorted by it) would name the index too, with no Index Cond.
    expect(plan).toMatch(/mail_outbox_created_idx[^\n]*\n\s*Index Cond: \(created_at < /);
    expect(plan).not.toMatch(/Seq Scan on mail_outbox/);
  });
});
