import { EventEmitter } from 'node:events';
import type { AdminChangedEvent, CableEvent, UserEvent } from '@sunin/contract';
import { Redis } from 'ioredis';

/**
 * A realtime event for one user, to whichever server process holds that user's sockets; or a
 * revocation: the sockets opened with the tokens of ended sessions (their jtis) are closed
 * wherever they are; or users whose rows changed, whose cached sessions every process drops
 * (docs/decisions/028); or a change every administrator's open lists should read again; or one
 * event for every open NotificationsChannel subscription in every process, one message however
 * many users hear it (docs/decisions/025).
 */
export type BusMessage =
  | { userId: number; event: UserEvent }
  | { userId: number; revoke: { jtis: string[] } }
  | { usersChanged: number[] | 'all' }
  | { admins: true; event: AdminChangedEvent }
  | { everyone: true; event: CableEvent };

export interface Bus {
  readonly kind: 'local' | 'redis';
  publish(message: BusMessage): Promise<void>;
  /** Returns a function that stops the handler. */
  onMessage(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** One process: an in-memory emitter. */
export class LocalBus implements Bus {
  readonly kind = 'local' as const;
  private readonly emitter = new EventEmitter();

  async publish(message: BusMessage): Promise<void> {
    this.emitter.emit('message', message);
  }

  onMessage(handler: (message: BusMessage) => void): () => void {
    this.emitter.on('message', handler);
    return () => this.emitter.off('message', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Several processes: Redis pub/sub on `<namespace>:realtime` (DESIGN.md "fan-out"). A process
 * publishes every event and delivers what it hears to its own sockets; ioredis reconnects and
 * resubscribes by itself after Redis restarts.
 *
 * While Redis is away a publish fails at once instead of waiting in ioredis' offline queue
 * (docs/decisions/006): the request that caused it has already committed its rows and must
 * answer quickly; the member reads what the push missed from GET /api/notifications.
 */
export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly emitter = new EventEmitter();
  private readonly channel: string;
  readonly ready: Promise<void>;

  constructor(url: string, namespace: string, onError: (error: Error) => void) {
    this.channel = `${namespace}:realtime`;
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    this.subscriber = new Redis(url);
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    // Messages published while this subscriber was away are lost: after a reconnection, what
    // any process caches from them is dropped (docs/decisions/028).
    let subscribedOnce = false;
    this.subscriber.on('ready', () => {
      if (subscribedOnce) this.emitter.emit('message', { usersChanged: 'all' } satisfies BusMessage);
      subscribedOnce = true;
    });
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        this.emitter.emit('message', JSON.parse(raw) as BusMessage);
      } catch (error) {
        onError(error as Error);
      }
    });
    const publisherReady = new Promise<void>((resolve) => {
      if (this.publisher.status === 'ready') resolve();
      else this.publisher.once('ready', () => resolve());
    });
    this.ready = Promise.all([this.subscriber.subscribe(this.channel), publisherReady]).then(() => undefined);
  }

  async publish(message: BusMessage): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(message));
  }

  onMessage(handler: (message: BusMessage) => void): () => void {
    this.emitter.on('message', handler);
    return () => this.emitter.off('message', handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
