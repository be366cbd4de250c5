import { ADMIN_ROLE, notificationSubjectPath, PUSH_RETRY_DELAYS_SECONDS, type PushPayload } from '@sunin/contract';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notifications, pushOutbox, pushSubscriptions, users, type PushOutboxRow } from '../db/schema/index.js';
import type { PushAttemptResult, PushSender } from './push-sender.js';
import { safeErrorMessage } from './safe-error.js';

/** Attempts of one message: the first and one per retry delay (then it is failed). */
export const PUSH_MAX_ATTEMPTS = 1 + PUSH_RETRY_DELAYS_SECONDS.length;
/** How often each process looks for due pushes besides being woken after a commit. */
export const PUSH_POLL_INTERVAL_MS = 5_000;
/** A claimed row is not due again until its lease ends: far longer than an attempt may take (15 s). */
export const PUSH_LEASE_MS = 2 * 60_000;
/** Messages in flight at once per process, so that one slow push service does not hold up the others. */
export const PUSH_LANES = 4;

type WorkerLog = { warn(details: object, message: string): void; error(details: object, message: string): void };

export interface PushWorkerOptions {
  db: Database;
  /** Undefined when push is off (production without VAPID keys): nothing is sent, rows wait. */
  sender: Pick<PushSender, 'send' | 'close'> | undefined;
  log: WorkerLog;
  /** The clock of due times, leases and retries (tests move it instead of waiting). */
  now?: () => Date;
  leaseMs?: number;
  pollIntervalMs?: number;
  lanes?: number;
}

/**
 * Web push leaves through `push_outbox` (issue 41 item 3), as mail does through `mail_outbox`:
 * rows are written in the transaction of their notification (notification-sql.ts), and a worker
 * in every process claims due rows one at a time (FOR UPDATE SKIP LOCKED and a lease), so each
 * attempt happens once in the cluster. A 404 or 410 from the push service removes the
 * subscription (and, by cascade, its other rows); no answer, a 429 or a 5xx is retried after
 * PUSH_RETRY_DELAYS_SECONDS, then the row is failed; any other answer fails it at once.
 *
 * A notification's row stores its title and body; the address it opens is worked out here, when
 * it is sent, from the notification (the contract's notificationSubjectPath, the one rule the
 * bell and the emails follow), so it is right even if the subject was deleted meanwhile.
 */
export class PushWorker {
  private readonly db: Database;
  private readonly sender: Pick<PushSender, 'send' | 'close'> | undefined;
  private readonly log: WorkerLog;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly lanes: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private rerun = false;
  private closed = false;

  constructor(options: PushWorkerOptions) {
    this.db = options.db;
    this.sender = options.sender;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? PUSH_LEASE_MS;
    this.pollIntervalMs = options.pollIntervalMs ?? PUSH_POLL_INTERVAL_MS;
    this.lanes = options.lanes ?? PUSH_LANES;
  }

  /** Whether push is on (VAPID keys configured). */
  get enabled(): boolean {
    return this.sender !== undefined;
  }

  /** Starts the worker of this process: a pass now, then every poll interval and on each wake. */
  start(): void {
    if (this.timer || this.closed || !this.sender) return;
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Sends what is due now, in the background: call it after the commit of a change that wrote push rows. */
  wake(): void {
    if (!this.timer || this.closed) return;
    void this.run();
  }

  /** Sends every row due now and waits for it: the deterministic way for tests. A row that fails waits for its next attempt. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    await this.run();
  }

  /** Stops the worker; sends in progress finish first. Unsent rows wait in the table. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    this.sender?.close();
  }

  /** One pass at a time per process (of several lanes); a wake during a pass runs another right after it. */
  private run(): Promise<void> {
    if (this.closed || !this.sender) return Promise.resolve();
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.rerun = false;
        const started = this.now();
        await Promise.all(Array.from({ length: this.lanes }, () => this.lane(started)));
      } while (this.rerun && !this.closed);
    })()
      .catch((error: unknown) => this.log.warn({ error: safeErrorMessage(error) }, 'push outbox: the worker could not reach the database; it retries on its next pass'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async lane(dueBy: Date): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const row = await this.claim(dueBy);
      if (!row) return;
      try {
        await this.attempt(row);
      } catch (error) {
        // Left to its lease: attempted again once it ends.
        this.log.error({ error: safeErrorMessage(error), pushId: row.id }, 'push outbox: recording an attempt failed');
      }
    }
  }

  /**
   * Takes the oldest row due by `dueBy` in one statement: locked with SKIP LOCKED, so concurrent
   * workers of any process take different rows, and leased (its next attempt moved to the end of
   * the lease), so it is not due again while this process sends it.
   */
  private async claim(dueBy: Date): Promise<PushOutboxRow | undefined> {
    const due = this.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      // To the millisecond past `dueBy`: rows written by SQL take the database's now(), in microseconds (mailer.ts claim).
      .where(and(isNull(pushOutbox.sent_at), isNull(pushOutbox.failed_at), lt(pushOutbox.next_attempt_at, new Date(dueBy.getTime() + 1))))
      .orderBy(asc(pushOutbox.next_attempt_at), asc(pushOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(pushOutbox)
      .set({ attempts: sql`${pushOutbox.attempts} + 1`, next_attempt_at: new Date(this.now().getTime() + this.leaseMs) })
      .where(inArray(pushOutbox.id, due))
      .returning();
    return row;
  }

  /** The row's payload as sent: a notification's address worked out now, from the notification. */
  private async payloadOf(row: PushOutboxRow): Promise<PushPayload> {
    if (row.notification_id === null) return row.payload;
    const [note] = await this.db
      .select({ kind: notifications.kind, project_id: notifications.project_id, proposal_ticket_id: notifications.proposal_ticket_id, company_role: users.company_role })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.user_id))
      .where(eq(notifications.id, row.notification_id))
      .limit(1);
    return { ...row.payload, url: note ? (notificationSubjectPath(note, note.company_role === ADMIN_ROLE)?.path ?? null) : null };
  }

  private async attempt(row: PushOutboxRow): Promise<void> {
    const [subscription] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id)).limit(1);
    if (!subscription) return; // removed meanwhile: its rows went with it
    if (subscription.expires_at && subscription.expires_at.getTime() <= this.now().getTime()) {
      await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      return;
    }
    const payload = await this.payloadOf(row);
    let result: PushAttemptResult;
    try {
      result = await this.sender!.send(subscription, JSON.stringify(payload), payload.tag);
    } catch (error) {
      result = { outcome: 'retry', statusCode: null, error: safeErrorMessage(error).slice(0, 300) };
    }
    const done = this.now();
    // Only while this claim is still the latest (a row whose lease ran out may be another's now).
    const ours = and(eq(pushOutbox.id, row.id), eq(pushOutbox.attempts, row.attempts), isNull(pushOutbox.sent_at), isNull(pushOutbox.failed_at));
    switch (result.outcome) {
      case 'sent':
        await this.db.update(pushOutbox).set({ sent_at: done, last_error: null }).where(ours);
        await this.db.update(pushSubscriptions).set({ last_success_at: done }).where(eq(pushSubscriptions.id, subscription.id));
        return;
      case 'gone':
        // The device unsubscribed or the push service dropped it: so do we, with every row of it.
        await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.endpoint, subscription.endpoint)));
        return;
      case 'retry':
        if (row.attempts < PUSH_MAX_ATTEMPTS) {
          const nextAttemptAt = new Date(done.getTime() + PUSH_RETRY_DELAYS_SECONDS[row.attempts - 1]! * 1000);
          await this.db.update(pushOutbox).set({ next_attempt_at: nextAttemptAt, last_error: result.error }).where(ours);
          this.log.warn({ pushId: row.id, subscriptionId: subscription.id, attempt: row.attempts, statusCode: result.statusCode, error: result.error, nextAttemptAt: nextAttemptAt.toISOString() }, 'push outbox: sending failed; will retry');
          return;
        }
        break;
      case 'failed':
        break;
    }
    await this.db.update(pushOutbox).set({ failed_at: done, last_error: result.error }).where(ours);
    this.log.warn({ pushId: row.id, subscriptionId: subscription.id, attempt: row.attempts, statusCode: result.statusCode, error: result.error }, 'push outbox: a message could not be sent and was given up');
  }
}
