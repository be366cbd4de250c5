import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { statement, type Database, type Executor, type RunStatement } from '../db/client.js';
import { columnList } from '../db/columns.js';
import { mailMessages, mailOutbox } from '../db/schema/index.js';
import { mimePart } from './mime-part.js';
import { safeErrorMessage } from './safe-error.js';
import { MAIL_SMTP_CONNECTIONS, smtpTransport } from './smtp-transport.js';
import type { FileStorage } from './storage/index.js';
import { waitForAll } from './wait-for-all.js';

type MailOutboxRow = typeof mailOutbox.$inferSelect;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files read from storage when the message is sent (the row keeps only their keys). */
  attachments?: MailAttachment[];
}

/** A file sent with a message: its name, type and where its bytes are stored. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  storage_key: string;
}

/**
 * A message rendered when it is sent (docs/decisions/023): `template` and `data` go to the
 * mailer's `render`; `subject` is kept on the row meanwhile, for whoever reads the outbox.
 */
export interface TemplatedMail {
  to: string;
  subject: string;
  template: string;
  data: unknown;
}

/**
 * Writes messages rendered when they are sent (the notification emails and the digest) to the
 * outbox through `db`, in the transaction of what causes them, due at once (the database's
 * now()); the caller wakes the worker after the commit (`mailer.wake()`), as for `enqueue`.
 */
export async function enqueueTemplatedMail(db: Executor, messages: TemplatedMail[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(mailOutbox).values(messages.map((message) => ({ to_address: message.to, subject: message.subject, text_body: '', template: message.template, template_data: message.data })));
}

/** A templated row as sent: its parts, and headers beyond From, To and Subject (List-Unsubscribe...). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** Turns a templated row into the message to send. */
export type MailRenderer = (template: string, data: unknown) => Promise<RenderedMail>;

export interface StoredMail {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  created_at: string;
}

/** What the mailer logs through: never a message body, a link or an address (they hold tokens). */
export type MailLog = { warn(details: object, message: string): void; error(details: object, message: string): void };

/** The wait after each failed attempt (the last one repeats): 30 s, 2 min, 10 min, 1 h, 6 h. */
export const MAIL_BACKOFF_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
/** How often each process looks for due mail besides being woken by an enqueue. */
export const MAIL_POLL_INTERVAL_MS = 5_000;
/**
 * A claimed row is not due again until its lease ends: the claiming process sends it meanwhile,
 * or died, and then another process retries it. Far longer than a send may take (the SMTP
 * timeouts below), so a live sender never loses its row to another.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
const DAY_MS = 24 * 3600 * 1000;
/**
 * How long sent rows, and rows given up on, stay in the outbox (MAIL_RETENTION_DAYS and
 * MAIL_FAILED_RETENTION_DAYS; decision 055). A failed row is kept longer: it is what an operator
 * looks into when a member says a mail never came, and there are few of them.
 */
export const MAIL_RETENTION = { sentMs: 30 * DAY_MS, failedMs: 90 * DAY_MS } as const;
/**
 * Rows pruned per statement, statements per prune (the next pass carries on when rows are left),
 * and how often a process prunes otherwise.
 */
export const MAIL_PRUNE_BATCH = 1000;
export const MAIL_PRUNE_BATCHES_PER_RUN = 10;
export const MAIL_PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * The claim and the mark of every send as prepared statements (`run`): Drizzle built both anew
 * for each message, about 0.4 ms of CPU of a notification email's 5 on the way to 100 a second
 * (issue 42 item 3, decision 055). The claim takes the oldest row due by $1 in one statement:
 * locked with SKIP LOCKED, so concurrent workers of any process take different rows, and leased
 * until $2, so it is not due again while this process sends it. It returns the row's columns by
 * name, never `*` (db/columns.ts): a column added by a later migration must not break the claim
 * of a process still running this code.
 */
const CLAIM = statement(
  'mail_outbox_claim',
  `update mail_outbox set attempts = attempts + 1, next_attempt_at = $2::timestamptz
   where id in (select id from mail_outbox where sent_at is null and failed_at is null and next_attempt_at < $1::timestamptz
                order by next_attempt_at, id limit 1 for update skip locked)
   returning ${columnList(mailOutbox)}`,
);
/** Accepted by the relay: sent, unless another claim already marked it. */
const MARK_SENT = statement('mail_outbox_sent', 'update mail_outbox set sent_at = $2::timestamptz, last_error = null where id = $1 and sent_at is null');
export interface MailerOptions {
  db: Database;
  /** The same database's prepared statements (DatabaseHandle.run), for the claim and the mark. */
  run: RunStatement;
  from: string;
  /** SMTP delivery; without it the JSON transport renders each message into the dev mailbox. */
  smtpUrl: string | undefined;
  log: MailLog;
  /** Attempts before a message is given up (failed_at set). */
  maxAttempts: number;
  /** SMTP connections kept open (MAIL_SMTP_CONNECTIONS); also the messages in flight at once over SMTP. */
  connections?: number;
  /** Messages in flight at once: `connections` over SMTP (or another transport), one into the dev mailbox. */
  lanes?: number;
  /** How long sent and failed rows are kept (MAIL_RETENTION by default). */
  retention?: { sentMs: number; failedMs: number };
  pruneBatch?: number;
  pruneBatchesPerRun?: number;
  pruneIntervalMs?: number;
  backoffMs?: readonly number[];
  leaseMs?: number;
  pollIntervalMs?: number;
  /** The clock of due times, leases and backoff (tests move it instead of waiting). */
  now?: () => Date;
  /** Another transport (tests: one that fails or never answers). */
  transport?: Transporter;
  /** Renders templated rows; without it such a row fails its attempts. */
  render?: MailRenderer;
  /** Where attachments are read from; without it a row with attachments fails its attempts. */
  storage?: Pick<FileStorage, 'get'>;
}

/**
 * Mail leaves through the `mail_outbox` table (docs/decisions/008): `enqueue(tx, message)` writes
 * it in the transaction of the action that causes it, so a request never waits on SMTP and a
 * rolled-back action sends nothing. A worker in every process claims due rows (FOR UPDATE SKIP
 * LOCKED with a lease) in several lanes at once (decision 055), sends them through nodemailer
 * (over a pool of SMTP connections when SMTP_URL is set, otherwise rendered by the JSON
 * transport into the dev mailbox, `mail_messages`, one at a time so that it keeps their order),
 * and retries failures with backoff until `maxAttempts`, then marks the row failed. Sent rows,
 * and failed rows later, are pruned after their retention, a few batches at a time beside the
 * passes, which never wait for it.
 */
export class Mailer {
  readonly mode: 'smtp' | 'mailbox';
  private readonly db: Database;
  private readonly runStatement: RunStatement;
  private readonly from: string;
  private readonly transport: Transporter;
  private readonly log: MailLog;
  private readonly maxAttempts: number;
  private readonly backoffMs: readonly number[];
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly now: () => Date;
  private readonly render: MailRenderer | undefined;
  private readonly storage: Pick<FileStorage, 'get'> | undefined;
  private readonly lanes: number;
  private readonly retention: { sentMs: number; failedMs: number };
  private readonly pruneBatch: number;
  private readonly pruneBatchesPerRun: number;
  private readonly pruneIntervalMs: number;
  private lastPruneAt = 0;
  /** The last prune stopped at its batch limit with rows left: the next pass prunes again. */
  private pruneBacklog = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private pruning: Promise<void> | null = null;
  private rerun = false;
  private paused = false;
  private closed = false;

  constructor(options: MailerOptions) {
    this.db = options.db;
    this.runStatement = options.run;
    this.from = options.from;
    this.log = options.log;
    this.maxAttempts = options.maxAttempts;
    this.backoffMs = options.backoffMs ?? MAIL_BACKOFF_MS;
    this.leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
    this.pollIntervalMs = options.pollIntervalMs ?? MAIL_POLL_INTERVAL_MS;
    this.now = options.now ?? (() => new Date());
    this.render = options.render;
    this.storage = options.storage;
    this.mode = options.smtpUrl ? 'smtp' : 'mailbox';
    const connections = options.connections ?? MAIL_SMTP_CONNECTIONS;
    this.transport =
      options.transport ??
      (options.smtpUrl ? smtpTransport(options.smtpUrl, connections) : nodemailer.createTransport({ jsonTransport: true }));
    this.lanes = options.lanes ?? (this.mode === 'smtp' ? connections : 1);
    this.retention = options.retention ?? MAIL_RETENTION;
    this.pruneBatch = options.pruneBatch ?? MAIL_PRUNE_BATCH;
    this.pruneBatchesPerRun = options.pruneBatchesPerRun ?? MAIL_PRUNE_BATCHES_PER_RUN;
    this.pruneIntervalMs = options.pruneIntervalMs ?? MAIL_PRUNE_INTERVAL_MS;
  }

  /**
   * Writes `message` to the outbox through `db`: pass the transaction of the action that causes
   * the mail. The row is invisible to the worker until that transaction commits, so call
   * `wake()` after it (otherwise the next poll sends it, within seconds).
   */
  async enqueue(db: Executor, message: MailMessage): Promise<void> {
    await db.insert(mailOutbox).values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      attachments: message.attachments ?? [],
      next_attempt_at: this.now(),
    });
  }

  /** Enqueues outside any transaction and wakes the worker; returns once the row is stored. */
  async send(message: MailMessage): Promise<void> {
    await this.enqueue(this.db, message);
    this.wake();
  }

  /** Starts the worker of this process: a pass now, then every poll interval and on each wake. */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Sends what is due now, in the background (after an enqueue, so dev mail shows at once). */
  wake(): void {
    if (!this.timer || this.paused || this.closed) return;
    void this.run();
  }

  /**
   * Starts no pass until `resume()` (`flush()` still sends), once the pass in progress is done
   * (tests: to see the outbox before the worker empties it).
   */
  async pause(): Promise<void> {
    this.paused = true;
    await this.running;
  }

  resume(): void {
    this.paused = false;
    this.wake();
  }

  /** Waits for the pass and the prune in progress, if any, without starting either. */
  async idle(): Promise<void> {
    while (this.running || this.pruning) await (this.running ?? this.pruning);
  }

  /**
   * Sends every row due now and waits for it, paused or not: the deterministic way for tests
   * to deliver the outbox. A row that fails is left for its next attempt, not retried here.
   * The prune the pass may start is not waited for (`idle()` does).
   */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    await this.run();
  }

  /**
   * Stops the worker; the sends in progress finish first, and the prune in progress after its
   * current statement. Unsent rows wait in the table.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
    this.transport.close();
  }

  /**
   * The dev mailbox, newest first, once what is due has been delivered: mail leaves after the
   * request that caused it, and whoever reads the mailbox right after (a developer, a test)
   * expects to find it there.
   */
  async list(limit = 100): Promise<StoredMail[]> {
    await this.flush();
    const rows = await this.db.select().from(mailMessages).orderBy(desc(mailMessages.id)).limit(limit);
    return rows.map(toStoredMail);
  }

  /** One message of the dev mailbox, or undefined. */
  async find(id: number): Promise<StoredMail | undefined> {
    const [row] = await this.db.select().from(mailMessages).where(eq(mailMessages.id, id)).limit(1);
    return row && toStoredMail(row);
  }

  /** One pass at a time per process; a wake during a pass runs another right after it. */
  private run(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.rerun = false;
        const started = this.now();
        this.startPrune(started);
        await this.drain(started);
      } while (this.rerun && !this.closed && !this.paused);
    })()
      .catch((error: unknown) => this.log.warn({ error: describeError(error) }, 'mail outbox: the worker could not reach the database; it retries on its next pass'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /**
   * A pass: the lanes send what is due by its start. Every lane is waited for, even when one
   * fails, so that idle() and close() mean no send in flight.
   */
  private async drain(started: Date): Promise<void> {
    await waitForAll(Array.from({ length: this.lanes }, () => this.lane(started)));
  }

  private async lane(dueBy: Date): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const row = await this.claim(dueBy);
      if (!row) return;
      await this.deliver(row);
    }
  }

  /**
   * Starts a prune beside the pass, at most every prune interval per process (or at once while
   * the last one left rows): its own promise, so that a pass, and the password reset it sends,
   * never waits for it; idle() and close() do.
   */
  private startPrune(now: Date): void {
    if (this.pruning || this.closed) return;
    // Either way round: a clock set back (tests) must not stop pruning.
    if (!this.pruneBacklog && Math.abs(now.getTime() - this.lastPruneAt) < this.pruneIntervalMs) return;
    this.lastPruneAt = now.getTime();
    this.pruning = this.prune(now)
      .catch((error: unknown) => this.log.warn({ error: describeError(error) }, 'mail outbox: pruning failed; it retries on a later pass'))
      .finally(() => {
        this.pruning = null;
      });
  }

  /**
   * Rows past their retention (mailPruneBatch), a batch a statement and at most
   * `pruneBatchesPerRun` statements, yielding to the event loop between them: on PGlite a
   * statement completes without giving timers and sockets a turn, so a loop of them held the
   * process (20,000 rows in batches of 100: 2 s).
   */
  private async prune(now: Date): Promise<void> {
    this.pruneBacklog = false;
    for (let batches = 0; batches < this.pruneBatchesPerRun; batches++) {
      if (this.closed) return;
      if (batches > 0) await new Promise((resolve) => setImmediate(resolve));
      const batch = mailPruneBatch(this.db, now, this.retention, this.pruneBatch);
      const removed = await this.db.delete(mailOutbox).where(inArray(mailOutbox.id, batch)).returning({ id: mailOutbox.id });
      if (removed.length < this.pruneBatch) return;
    }
    this.pruneBacklog = true;
  }

  /** Takes the oldest row due at `dueBy`, if any, and leases it (CLAIM). */
  private async claim(dueBy: Date): Promise<MailOutboxRow | undefined> {
    // Due by `dueBy` to the millisecond: rows queued by SQL take the database's now(), in
    // microseconds, and a Date holds whole milliseconds. With `<= dueBy`, a row queued in the
    // millisecond the pass started waited for the next pass (a CI flake of 2026-11-24:
    // flush() right after an insert found nothing due).
    const [row] = await this.runStatement<MailOutboxRow>(CLAIM, [new Date(dueBy.getTime() + 1).toISOString(), new Date(this.now().getTime() + this.leaseMs).toISOString()]);
    return row;
  }

  /** The row as a message: stored, or rendered now from its template. */
  private async compose(row: MailOutboxRow): Promise<Omit<RenderedMail, 'html'> & { html: string | null }> {
    if (row.template === null) return { subject: row.subject, text: row.text_body, html: row.html_body, headers: {} };
    if (!this.render) throw new Error(`No renderer for the mail template "${row.template}".`);
    return this.render(row.template, row.template_data);
  }

  /**
   * The row's files, read whole from storage now (issue 36 item 4: the signed proposal, a few
   * hundred KB). A missing file fails the attempt like a refused send: retried, then given up.
   */
  private async readAttachments(row: MailOutboxRow): Promise<Array<{ filename: string; contentType: string; content: Buffer }>> {
    const files = row.attachments ?? [];
    if (files.length === 0) return [];
    const storage = this.storage;
    if (!storage) throw new Error('No storage to read mail attachments from.');
    return Promise.all(
      files.map(async (file) => {
        const stream = await storage.get(file.storage_key);
        if (!stream) throw new Error(`A mail attachment is missing from storage (${file.filename}).`);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
        return { filename: file.filename, contentType: file.content_type, content: Buffer.concat(chunks) };
      }),
    );
  }

  private async deliver(row: MailOutboxRow): Promise<void> {
    let content: Awaited<ReturnType<Mailer['compose']>>;
    // The dev mailbox keeps no files: it names each one sent, with its type and size (taken
    // before sending: the JSON transport rewrites the contents as base64).
    let files: string[];
    try {
      content = await this.compose(row);
      const { subject, text, html, headers } = content;
      const attachments = await this.readAttachments(row);
      files = attachments.map((file) => `${file.filename} (${file.contentType}, ${file.content.length} bytes)`);
      // Each part with the transfer encoding nodemailer would pick, which it then need not count (mime-part.ts).
      await this.transport.sendMail({ from: this.from, to: row.to_address, subject, text: mimePart(text), ...(html === null ? {} : { html: mimePart(html) }), headers, ...(attachments.length > 0 ? { attachments } : {}) });
    } catch (error) {
      await this.recordFailure(row, error);
      return;
    }
    const sentAt = this.now();
    if (this.mode === 'mailbox') {
      // Rendered and kept in one transaction: the dev mailbox holds each message exactly once.
      await this.db.transaction(async (tx) => {
        const headers = files.length > 0 ? { ...content.headers, 'X-Attachments': files.join('; ') } : content.headers;
        await tx.insert(mailMessages).values({ to_address: row.to_address, from_address: this.from, subject: content.subject, text_body: content.text, html_body: content.html, headers });
        await tx.update(mailOutbox).set({ sent_at: sentAt, last_error: null }).where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sent_at)));
      });
    } else {
      // Accepted by the SMTP server: if this update is lost (the process dies now), the row is
      // sent again after its lease. Delivery is at least once.
      await this.runStatement(MARK_SENT, [row.id, sentAt.toISOString()]);
    }
  }

  private async recordFailure(row: MailOutboxRow, error: unknown): Promise<void> {
    const details = { mailId: row.id, attempt: row.attempts, error: describeError(error) };
    const lastError = `${details.error.code ? `${details.error.code}: ` : ''}${details.error.message}`.slice(0, 500);
    // Only while this claim is still the latest (a row whose lease ran out may be another's now).
    const ours = and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), isNull(mailOutbox.sent_at));
    if (row.attempts >= this.maxAttempts) {
      await this.db.update(mailOutbox).set({ failed_at: this.now(), last_error: lastError }).where(ours);
      this.log.error({ ...details, maxAttempts: this.maxAttempts }, 'mail outbox: a message could not be sent and was given up');
      return;
    }
    const delay = this.backoffMs[Math.min(row.attempts, this.backoffMs.length) - 1] ?? MAIL_BACKOFF_MS[0];
    const nextAttemptAt = new Date(this.now().getTime() + delay);
    await this.db.update(mailOutbox).set({ next_attempt_at: nextAttemptAt, last_error: lastError }).where(ours);
    this.log.warn({ ...details, nextAttemptAt: nextAttemptAt.toISOString() }, 'mail outbox: sending failed; will retry');
  }
}

/**
 * The ids of up to `limit` rows sent before their retention or given up on before theirs at
 * `now`, oldest first. The scan walks `mail_outbox_created_idx` up to the later cutoff (a row is
 * created before it is sent or failed); SKIP LOCKED lets two processes prune at once without
 * waiting on each other.
 */
export function mailPruneBatch(db: Database, now: Date, retention: { sentMs: number; failedMs: number }, limit: number) {
  const sentBefore = new Date(now.getTime() - retention.sentMs);
  const failedBefore = new Date(now.getTime() - retention.failedMs);
  const createdBefore = new Date(Math.max(sentBefore.getTime(), failedBefore.getTime()));
  return db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(lt(mailOutbox.created_at, createdBefore), or(lt(mailOutbox.sent_at, sentBefore), lt(mailOutbox.failed_at, failedBefore))))
    .orderBy(asc(mailOutbox.created_at))
    .limit(limit)
    .for('update', { skipLocked: true });
}

function toStoredMail(row: typeof mailMessages.$inferSelect): StoredMail {
  return {
    id: row.id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: row.headers ?? {},
    created_at: row.created_at.toISOString(),
  };
}

/**
 * An error as the log and `last_error` may show it: the code, the SMTP reply code and the
 * message without query parameters, addresses or links. Never the mail itself: its links hold tokens.
 */
export function describeError(error: unknown): { code?: string; responseCode?: number; message: string } {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    message: safeErrorMessage(error)
      .replace(/https?:\/\/\S+/gi, '[link]')
      .replace(/[^\s<>()"']+@[^\s<>()"']+/g, '[address]')
      .slice(0, 300),
  };
}
