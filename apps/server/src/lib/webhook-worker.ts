import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_SECONDS, WEBHOOK_TIMEOUT_MS } from '@sunin/contract';
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from '../db/schema/index.js';
import type { SecretBox } from './secret-box.js';
import { safeErrorMessage } from './safe-error.js';
import type { WebhookAttemptResult, WebhookSender } from './webhook-sender.js';

/** Attempts of one delivery: the first and one per retry delay (then it is `failed`). */
export const WEBHOOK_MAX_ATTEMPTS = 1 + WEBHOOK_RETRY_DELAYS_SECONDS.length;
/** How often each process looks for due deliveries besides being woken by an event. */
export const WEBHOOK_POLL_INTERVAL_MS = 5_000;
/** A claimed delivery is not due again until its lease ends: far longer than an attempt may take. */
export const WEBHOOK_LEASE_MS = WEBHOOK_TIMEOUT_MS + 60_000;
/** Deliveries in flight at once per process, so that one slow receiver does not hold up the others. */
export const WEBHOOK_CONCURRENCY = 8;
/**
 * Attempts one endpoint may have in flight in a process: a receiver that never answers holds at
 * most this many of its lanes for 15 s each, never all of them.
 */
export const WEBHOOK_LANES_PER_ENDPOINT = 4;
/**
 * A failure this long after the endpoint's previous one starts a new failing period: longer than
 * any wait between a delivery's attempts (10 h), so an endpoint that keeps failing the deliveries
 * it is sent stays in one period until WEBHOOK_DISABLE_AFTER_MS turns it off.
 */
export const FAILING_BREAK_MS = 2 * 24 * 3600 * 1000;

type WorkerLog = { warn(details: object, message: string): void; error(details: object, message: string): void };

/**
 * Called in the transaction that turns an endpoint off after WEBHOOK_DISABLE_AFTER_MS of failures,
 * to tell its owner (the webhooks module writes the notification and the mail); answers what
 * to do once that transaction commits (publish, wake the mailer).
 */
export type EndpointDisabledHook = (tx: Executor, endpoint: WebhookEndpointRow) => Promise<(() => Promise<void>) | undefined>;

export interface WebhookWorkerOptions {
  db: Database;
  sender: Pick<WebhookSender, 'send' | 'close'>;
  /** Opens the endpoints' sealed secrets. */
  secrets: SecretBox;
  log: WorkerLog;
  onEndpointDisabled?: EndpointDisabledHook;
  /** The clock of due times, leases, retries and disabling (tests move it instead of waiting). */
  now?: () => Date;
  leaseMs?: number;
  pollIntervalMs?: number;
  concurrency?: number;
}

type Claimed = WebhookDeliveryRow & { url: string; secretSealed: string; failingSince: Date | null };

/**
 * Webhooks leave through `webhook_deliveries` (the outbox, written in the transaction of the
 * change; modules/webhooks/webhook-events.ts), as mail does through `mail_outbox`: a worker in
 * every process claims due rows (FOR UPDATE SKIP LOCKED and a lease), so each attempt happens
 * once in the cluster, signs and sends them, records every attempt, and retries a failure after
 * WEBHOOK_RETRY_DELAYS_SECONDS, then marks the delivery `failed`. An endpoint failing without
 * a success for WEBHOOK_DISABLE_AFTER_MS is turned off and its owner told.
 */
export class WebhookWorker {
  private readonly db: Database;
  private readonly sender: Pick<WebhookSender, 'send' | 'close'>;
  private readonly secrets: SecretBox;
  private readonly log: WorkerLog;
  private readonly onEndpointDisabled: EndpointDisabledHook | undefined;
  private readonly now: () => Date;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private timer: NodeJS.Timeout | undefined;
  /** Lanes claiming or attempting now, and a promise settled when none is. */
  private active = 0;
  private idle: { promise: Promise<void>; resolve: () => void } | null = null;
  /** Counts wakes, so a lane that found nothing while a wake came looks again. */
  private wakes = 0;
  /** Attempts in flight in this process, per endpoint, and the claim in progress (claims go one at a time). */
  private readonly inFlight = new Map<number, number>();
  private claiming: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(options: WebhookWorkerOptions) {
    this.db = options.db;
    this.sender = options.sender;
    this.secrets = options.secrets;
    this.log = options.log;
    this.onEndpointDisabled = options.onEndpointDisabled;
    this.now = options.now ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? WEBHOOK_LEASE_MS;
    this.pollIntervalMs = options.pollIntervalMs ?? WEBHOOK_POLL_INTERVAL_MS;
    this.concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY;
  }

  /** Starts the worker of this process: a pass now, then every poll interval and on each wake. */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.wake(), this.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Sends what is due now, in the background: call it after the commit of a change that wrote deliveries. */
  wake(): void {
    if (!this.timer || this.closed) return;
    this.fill();
  }

  /** Sends every delivery due now and waits until the lanes are idle: the deterministic way for tests. */
  async flush(): Promise<void> {
    this.fill();
    while (this.idle) await this.idle.promise;
  }

  /** Stops the worker; attempts in progress finish first. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.idle) await this.idle.promise;
    this.sender.close();
  }

  /**
   * Starts lanes up to the concurrency. Each lane claims and attempts due deliveries one at a time
   * until none is left, independently of the others: an attempt that hangs for its 15 s holds
   * only its own lane (and its endpoint's share, WEBHOOK_LANES_PER_ENDPOINT), never a round.
   */
  private fill(): void {
    this.wakes++;
    while (!this.closed && this.active < this.concurrency) {
      this.active++;
      if (!this.idle) {
        let resolve!: () => void;
        this.idle = { promise: new Promise<void>((done) => (resolve = done)), resolve };
      }
      void this.lane().finally(() => {
        this.active--;
        if (this.active === 0 && this.idle) {
          this.idle.resolve();
          this.idle = null;
        }
      });
    }
  }

  private async lane(): Promise<void> {
    try {
      for (;;) {
        if (this.closed) return;
        const seen = this.wakes;
        const row = await this.claimInTurn();
        if (!row) {
          // A wake during the claim may be a commit the claim did not see: look once more.
          if (this.wakes !== seen) continue;
          return;
        }
        try {
          await this.attempt(row);
        } catch (error) {
          // Left to its lease: the delivery is attempted again once it ends.
          this.log.error({ error: safeErrorMessage(error), deliveryId: row.id }, 'webhooks: recording an attempt failed');
        } finally {
          const left = (this.inFlight.get(row.endpoint_id) ?? 1) - 1;
          if (left > 0) this.inFlight.set(row.endpoint_id, left);
          else this.inFlight.delete(row.endpoint_id);
        }
      }
    } catch (error) {
      this.log.warn({ error: safeErrorMessage(error) }, 'webhooks: the worker could not reach the database; it retries on its next pass');
    }
  }

  /**
   * Takes the oldest delivery due by `dueBy` of an enabled endpoint, in one statement: locked
   * with SKIP LOCKED, so concurrent workers of any process take different rows, and leased, so
   * it is not due again while this process sends it. Deliveries of an endpoint its owner turned
   * off wait, pending, until it is on again.
   */
  /**
   * One lane claims at a time in this process, so that the count of attempts in flight per
   * endpoint is exact here: a lane that claims knows every other lane's claim.
   */
  private claimInTurn(): Promise<Claimed | undefined> {
    const claimed = this.claiming.then(async () => {
      const row = await this.claim(this.now());
      if (row) this.inFlight.set(row.endpoint_id, (this.inFlight.get(row.endpoint_id) ?? 0) + 1);
      return row;
    });
    this.claiming = claimed.then(
      () => undefined,
      () => undefined,
    );
    return claimed;
  }

  private async claim(dueBy: Date): Promise<Claimed | undefined> {
    const now = this.now();
    const saturated = [...this.inFlight].filter(([, count]) => count >= WEBHOOK_LANES_PER_ENDPOINT).map(([endpointId]) => endpointId);
    const due = this.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.id, webhookDeliveries.endpoint_id), eq(webhookEndpoints.enabled, true)))
      // To the millisecond past `dueBy`: rows written by SQL take the database's now(), in microseconds (lib/mailer.ts claim).
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lt(webhookDeliveries.next_attempt_at, new Date(dueBy.getTime() + 1)),
          or(isNull(webhookDeliveries.lease_until), lt(webhookDeliveries.lease_until, now)),
          // Not of an endpoint that already has its lanes in flight here.
          saturated.length > 0 ? notInArray(webhookDeliveries.endpoint_id, saturated) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.next_attempt_at), asc(webhookDeliveries.id))
      .limit(1)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    const [row] = await this.db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lease_until: new Date(now.getTime() + this.leaseMs) })
      .from(webhookEndpoints)
      .where(and(inArray(webhookDeliveries.id, due), eq(webhookEndpoints.id, webhookDeliveries.endpoint_id)))
      .returning();
    if (!row) return undefined;
    const { webhook_endpoints: endpoint, ...delivery } = row;
    return { ...delivery, url: endpoint.url, secretSealed: endpoint.secret_sealed, failingSince: endpoint.failing_since };
  }

  private async attempt(row: Claimed): Promise<void> {
    const at = this.now();
    let result: WebhookAttemptResult;
    try {
      result = await this.sender.send({ url: row.url, secret: this.secrets.decrypt(row.secretSealed), messageId: row.message_id, body: row.body, at });
    } catch (error) {
      result = { ok: false, statusCode: null, error: safeErrorMessage(error).slice(0, 300), excerpt: '', durationMs: 0 };
    }
    if (result.ok) {
      await this.recordSuccess(row, at, result);
      return;
    }
    const after = await this.db.transaction(async (tx) => {
      // The endpoint first: turning it off fails all its pending deliveries, so two failures that
      // locked their deliveries first deadlocked on it. NO KEY UPDATE, so that the changes writing
      // new deliveries for it (which take KEY SHARE on it) never wait for an attempt.
      await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpoint_id)).for('no key update');
      const done = this.now();
      const [kept] = await tx
        .update(webhookDeliveries)
        .set(
          row.attempts >= WEBHOOK_MAX_ATTEMPTS
            ? { status: 'failed', completed_at: done, lease_until: null }
            : { next_attempt_at: new Date(done.getTime() + WEBHOOK_RETRY_DELAYS_SECONDS[row.attempts - 1]! * 1000), lease_until: null },
        )
        .where(this.stillOurs(row))
        .returning({ id: webhookDeliveries.id });
      if (!kept) return undefined;
      await tx.insert(webhookAttempts).values({ delivery_id: row.id, attempted_at: at, duration_ms: result.durationMs, status_code: result.statusCode, error: result.error, response_excerpt: result.excerpt });
      return this.recordEndpointFailure(tx, row.endpoint_id, done);
    });
    if (after) await after().catch((error: unknown) => this.log.error({ error: safeErrorMessage(error), endpointId: row.endpoint_id }, 'webhooks: telling the owner of a disabled endpoint failed'));
  }

  /** Only while this claim is still the latest (a row whose lease ran out may be another's now). */
  private stillOurs(row: Claimed) {
    return and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, 'pending'));
  }

  /**
   * A success in one statement, the delivery and its attempt together, without the endpoint's
   * lock: lanes delivering to one endpoint must not queue behind each other (bench:webhooks).
   * A failing endpoint is cleared by a second statement after it, never inside it, so a success
   * and a failure that turns the endpoint off cannot deadlock.
   */
  private async recordSuccess(row: Claimed, at: Date, result: WebhookAttemptResult): Promise<void> {
    const done = this.now();
    // Both drivers answer a raw statement with its rows under `rows`.
    const { rows } = (await this.db.execute(
      sql`with kept as (
            update ${webhookDeliveries} set status = 'succeeded', completed_at = ${done.toISOString()}::timestamptz, lease_until = null
            where id = ${row.id} and attempts = ${row.attempts} and status = 'pending' returning id
          )
          insert into ${webhookAttempts} (delivery_id, attempted_at, duration_ms, status_code, error, response_excerpt)
          select id, ${at.toISOString()}::timestamptz, ${result.durationMs}, ${result.statusCode}, null, ${result.excerpt} from kept returning id`,
    )) as unknown as { rows: unknown[] };
    // Whatever the claim saw: another lane may have recorded a failure since (an update only when one is set).
    if (rows.length > 0) {
      await this.db.update(webhookEndpoints).set({ failing_since: null }).where(and(eq(webhookEndpoints.id, row.endpoint_id), sql`${webhookEndpoints.failing_since} is not null`));
    }
  }

  /**
   * A failure marks the endpoint failing from now unless it already was, and failing without a
   * break: a failure more than FAILING_BREAK_MS after the one before starts a new period (an
   * endpoint down for a day weeks ago is not turned off by one failure today). One failing for
   * longer than WEBHOOK_DISABLE_AFTER_MS is turned off, its pending deliveries failed, and its
   * owner told.
   */
  private async recordEndpointFailure(tx: Executor, endpointId: number, now: Date): Promise<(() => Promise<void>) | undefined> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        failing_since: sql`case when ${webhookEndpoints.failing_since} is null or ${webhookEndpoints.last_failure_at} is null
          or ${webhookEndpoints.last_failure_at} < ${at} - make_interval(secs => ${FAILING_BREAK_MS / 1000}) then ${at} else ${webhookEndpoints.failing_since} end`,
        last_failure_at: now,
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    if (!endpoint?.enabled || !endpoint.failing_since || now.getTime() - endpoint.failing_since.getTime() < WEBHOOK_DISABLE_AFTER_MS) return undefined;
    const [disabled] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabled_at: now, disabled_reason: 'failing', updated_at: now })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!disabled) return undefined;
    await tx.update(webhookDeliveries).set({ status: 'failed', completed_at: now, lease_until: null }).where(and(eq(webhookDeliveries.endpoint_id, endpointId), eq(webhookDeliveries.status, 'pending')));
    this.log.warn({ endpointId }, 'webhooks: an endpoint failing for five days was disabled');
    return this.onEndpointDisabled?.(tx, disabled);
  }
}
