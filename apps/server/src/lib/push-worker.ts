import { ADMIN_ROLE, cutPushBody, notificationSubjectPath, PUSH_MAX_CONSECUTIVE_FAILURES, PUSH_RETRY_DELAYS_SECONDS, type NotificationKind, type PushPayload } from '@sunin/contract';
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { pushOutbox, pushSubscriptions, type PushOutboxRow } from '../db/schema/index.js';
import type { PushAttemptResult, PushSender } from './push-sender.js';
import { safeErrorMessage } from './safe-error.js';
import { waitForAll } from './wait-for-all.js';

/** Attempts of one message: the first and one per retry delay (then it is failed). */
export const PUSH_MAX_ATTEMPTS = 1 + PUSH_RETRY_DELAYS_SECONDS.length;
/** How often each process looks for due pushes besides being woken after a commit. */
export const PUSH_POLL_INTERVAL_MS = 5_000;
/** A claimed row is not due again until its lease ends: far longer than an attempt may take (15 s). */
export const PUSH_LEASE_MS = 2 * 60_000;
/** Messages in flight at once per process, so that one slow push service does not hold up the others. */
export const PUSH_LANES = 8;
/**
 * Lanes one push service host may hold at once in a process: half, so that a slow or hanging
 * host (anyone may name one in a subscription) leaves the other half to everyone else. Each
 * subscription has at most one message in flight, so one device cannot hold more than one lane.
 */
export const PUSH_LANES_PER_HOST = PUSH_LANES / 2;
/** Sent and failed rows are kept this long (what an investigation may want), then pruned by the worker. */
export const PUSH_KEEP_DONE_MS = 7 * 24 * 3600 * 1000;
/** Rows pruned per statement, and how often a process prunes. */
export const PUSH_PRUNE_BATCH = 1000;
export const PUSH_PRUNE_INTERVAL_MS = 10 * 60_000;

/** The host part of an endpoint as the claim's SQL takes it (lowercased, with the port): the key of PUSH_LANES_PER_HOST. */
export function pushHostOf(endpoint: string): string {
  return (endpoint.split('://')[1] ?? '').split('/')[0]!.toLowerCase();
}
const HOST_SQL = sql`lower(split_part(split_part(${pushSubscriptions.endpoint}, '://', 2), '/', 1))`;

/** A claimed row with what its attempt needs, read in one query (attempt()). */
interface Claimed extends PushOutboxRow {
  host: string;
}

/** The row, its live subscription and its notification, as attempt() reads them together. */
interface Deliverable {
  endpoint: string;
  p256dh: string;
  auth: string;
  expires_at: Date | string | null;
  kind: NotificationKind | null;
  project_id: number | null;
  proposal_ticket_id: number | null;
  company_role: string | null;
}

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
  /** Lanes one host may hold (PUSH_LANES_PER_HOST, or half of `lanes`). */
  lanesPerHost?: number;
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
 *
 * What is sent is read at send time in one query that requires the subscription to still
 * exist and belong to the notification's recipient: a device moved to another member, or
 * turned off when its member signed out (the subscription goes in that transaction), gets
 * nothing more of theirs.
 * A device that fails PUSH_MAX_CONSECUTIVE_FAILURES messages in a row, or whose endpoint is
 * found unsafe when connecting, is forgotten. Fairness: at most one message in flight per
 * subscription and PUSH_LANES_PER_HOST per host in each process. Rows sent or failed more than
 * PUSH_KEEP_DONE_MS ago are pruned in batches.
 */
export class PushWorker {
  private readonly db: Database;
  private readonly sender: Pick<PushSender, 'send' | 'close'> | undefined;
  private readonly log: WorkerLog;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly lanes: number;
  private readonly lanesPerHost: number;
  /** Messages in flight in this process, per subscription and per host, and the claim in progress (claims go one at a time, so the counts are exact here). */
  private readonly inFlightSubscriptions = new Set<number>();
  private readonly inFlightHosts = new Map<string, number>();
  private claiming: Promise<unknown> = Promise.resolve();
  private lastPruneAt = 0;
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
    this.lanesPerHost = options.lanesPerHost ?? Math.max(1, Math.floor(this.lanes / 2));
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
        await this.prune(started);
        // Every lane, even when one fails: close() must not return while another still sends.
        await waitForAll(Array.from({ length: this.lanes }, () => this.lane(started)));
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
      const row = await this.claimInTurn(dueBy);
      if (!row) return;
      try {
        await this.attempt(row);
      } catch (error) {
        // Left to its lease: attempted again once it ends.
        this.log.error({ error: safeErrorMessage(error), pushId: row.id }, 'push outbox: recording an attempt failed');
      } finally {
        this.inFlightSubscriptions.delete(row.subscription_id);
        const left = (this.inFlightHosts.get(row.host) ?? 1) - 1;
        if (left > 0) this.inFlightHosts.set(row.host, left);
        else this.inFlightHosts.delete(row.host);
      }
    }
  }

  /** One lane claims at a time in this process, so that a lane that claims knows every other lane's claim (webhook-worker.ts does the same). */
  private claimInTurn(dueBy: Date): Promise<Claimed | undefined> {
    const claimed = this.claiming.then(async () => {
      const row = await this.claim(dueBy);
      if (row) {
        this.inFlightSubscriptions.add(row.subscription_id);
        this.inFlightHosts.set(row.host, (this.inFlightHosts.get(row.host) ?? 0) + 1);
      }
      return row;
    });
    this.claiming = claimed.catch(() => undefined);
    return claimed;
  }

  /**
   * Takes the oldest row due by `dueBy` in one statement: locked with SKIP LOCKED, so concurrent
   * workers of any process take different rows, and leased (its next attempt moved to the end of
   * the lease), so it is not due again while this process sends it. Not of a subscription with a
   * message in flight here, nor of a host that holds its share of the lanes here.
   */
  private async claim(dueBy: Date): Promise<Claimed | undefined> {
    const busySubscriptions = [...this.inFlightSubscriptions];
    const fullHosts = [...this.inFlightHosts].filter(([, count]) => count >= this.lanesPerHost).map(([host]) => host);
    const due = this.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscription_id))
      .where(
        and(
          isNull(pushOutbox.sent_at),
          isNull(pushOutbox.failed_at),
          // To the millisecond past `dueBy`: rows written by SQL take the database's now(), in microseconds (mailer.ts claim).
          lt(pushOutbox.next_attempt_at, new Date(dueBy.getTime() + 1)),
          busySubscriptions.length > 0 ? notInArray(pushOutbox.subscription_id, busySubscriptions) : undefined,
          fullHosts.length > 0 ? sql`${HOST_SQL} not in (${sql.join(fullHosts.map((host) => sql`${host}`), sql`, `)})` : undefined,
        ),
      )
      .orderBy(asc(pushOutbox.next_attempt_at), asc(pushOutbox.id))
      .limit(1)
      .for('update', { of: pushOutbox, skipLocked: true });
    const [row] = await this.db
      .update(pushOutbox)
      .set({ attempts: sql`${pushOutbox.attempts} + 1`, next_attempt_at: new Date(this.now().getTime() + this.leaseMs) })
      .from(pushSubscriptions)
      .where(and(inArray(pushOutbox.id, due), eq(pushSubscriptions.id, pushOutbox.subscription_id)))
      .returning({ row: pushOutbox, endpoint: pushSubscriptions.endpoint });
    return row ? { ...row.row, host: pushHostOf(row.endpoint) } : undefined;
  }

  /**
   * The claimed row's subscription and notification in one query, only while the subscription
   * still belongs to the notification's recipient (a device moved to another member must not
   * get the first one's notification). A device whose member signed out is gone with its rows
   * (sessions.service.ts ENDS_PUSH); a test row (no notification) needs its subscription only.
   */
  private async deliverable(row: PushOutboxRow): Promise<Deliverable | undefined> {
    // Both drivers answer a raw statement with its rows under `rows`.
    const { rows } = (await this.db.execute(sql`
      select s.endpoint, s.p256dh, s.auth, s.expires_at, n.kind, n.project_id, n.proposal_ticket_id, u.company_role
      from push_outbox o
      join push_subscriptions s on s.id = o.subscription_id
      left join notifications n on n.id = o.notification_id
      left join users u on u.id = n.user_id
      where o.id = ${row.id} and (o.notification_id is null or n.user_id = s.user_id)
      limit 1`)) as unknown as { rows: Deliverable[] };
    return rows[0];
  }

  /** Sent and failed rows older than PUSH_KEEP_DONE_MS go, a batch at a time, at most every PUSH_PRUNE_INTERVAL_MS per process. */
  private async prune(now: Date): Promise<void> {
    // Either way round: a clock set back (tests) must not stop pruning.
    if (Math.abs(now.getTime() - this.lastPruneAt) < PUSH_PRUNE_INTERVAL_MS) return;
    this.lastPruneAt = now.getTime();
    const before = new Date(now.getTime() - PUSH_KEEP_DONE_MS);
    for (;;) {
      const batch = this.db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(lt(pushOutbox.created_at, before), or(lt(pushOutbox.sent_at, before), lt(pushOutbox.failed_at, before))))
        .limit(PUSH_PRUNE_BATCH);
      const removed = await this.db.delete(pushOutbox).where(inArray(pushOutbox.id, batch)).returning({ id: pushOutbox.id });
      if (removed.length < PUSH_PRUNE_BATCH || this.closed) return;
    }
  }

  private async attempt(row: PushOutboxRow): Promise<void> {
    const done = () => this.now();
    // Only while this claim is still the latest (a row whose lease ran out may be another's now).
    const ours = and(eq(pushOutbox.id, row.id), eq(pushOutbox.attempts, row.attempts), isNull(pushOutbox.sent_at), isNull(pushOutbox.failed_at));
    const target = await this.deliverable(row);
    if (!target) {
      await this.db.update(pushOutbox).set({ failed_at: done(), last_error: 'Not sent: the device was turned off or moved to another member.' }).where(ours);
      return;
    }
    const expiresAt = target.expires_at === null ? null : new Date(target.expires_at);
    if (expiresAt && expiresAt.getTime() <= this.now().getTime()) {
      await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
      return;
    }
    // The address a notification opens, worked out now from the notification; a test row's is its own.
    const url = row.notification_id === null ? row.payload.url : target.kind ? (notificationSubjectPath({ kind: target.kind, project_id: target.project_id, proposal_ticket_id: target.proposal_ticket_id }, target.company_role === ADMIN_ROLE)?.path ?? null) : null;
    const payload: PushPayload = { ...row.payload, body: cutPushBody(row.payload.body), url };
    let result: PushAttemptResult;
    try {
      result = await this.sender!.send(target, JSON.stringify(payload), payload.tag);
    } catch (error) {
      result = { outcome: 'retry', statusCode: null, error: safeErrorMessage(error).slice(0, 300) };
    }
    const at = done();
    const subscriptionId = row.subscription_id;
    const log = { pushId: row.id, subscriptionId, attempt: row.attempts, statusCode: result.statusCode, error: result.error };
    switch (result.outcome) {
      case 'sent':
        await this.db.update(pushOutbox).set({ sent_at: at, last_error: null }).where(ours);
        await this.db.update(pushSubscriptions).set({ last_success_at: at, consecutive_failures: 0 }).where(eq(pushSubscriptions.id, subscriptionId));
        return;
      case 'gone':
        // The device unsubscribed or the push service dropped it: so do we, with every row of it.
        await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.endpoint, target.endpoint)));
        return;
      case 'unsafe':
        // Never a place the portal may connect to: the subscription goes, and its rows with it.
        await this.db.update(pushOutbox).set({ failed_at: at, last_error: result.error }).where(ours);
        await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.endpoint, target.endpoint)));
        this.log.warn(log, 'push outbox: the endpoint is not one the portal may connect to; the subscription was removed');
        return;
      case 'retry':
        if (row.attempts < PUSH_MAX_ATTEMPTS) {
          const nextAttemptAt = new Date(at.getTime() + PUSH_RETRY_DELAYS_SECONDS[row.attempts - 1]! * 1000);
          await this.db.update(pushOutbox).set({ next_attempt_at: nextAttemptAt, last_error: result.error }).where(ours);
          this.log.warn({ ...log, nextAttemptAt: nextAttemptAt.toISOString() }, 'push outbox: sending failed; will retry');
          return;
        }
        break;
      case 'failed':
        break;
    }
    const [given] = await this.db.update(pushOutbox).set({ failed_at: at, last_error: result.error }).where(ours).returning({ id: pushOutbox.id });
    if (!given) return;
    this.log.warn(log, 'push outbox: a message could not be sent and was given up');
    // Messages given up in a row: at the limit, the device is forgotten (VAPID keys changed: 401/403; a push service that never takes it).
    const [counted] = await this.db
      .update(pushSubscriptions)
      .set({ consecutive_failures: sql`${pushSubscriptions.consecutive_failures} + 1` })
      .where(eq(pushSubscriptions.id, subscriptionId))
      .returning({ failures: pushSubscriptions.consecutive_failures });
    if (counted && counted.failures >= PUSH_MAX_CONSECUTIVE_FAILURES) {
      await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.consecutive_failures, counted.failures)));
      this.log.warn({ subscriptionId, failures: counted.failures }, 'push outbox: a device failed too many messages in a row; its subscription was removed');
    }
  }
}
