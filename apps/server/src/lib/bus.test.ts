import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../test/cable-client.js';
import { RedisBus, type BusMessage } from './bus.js';

const redisUrl = process.env.REDIS_URL;

describe.runIf(Boolean(redisUrl))('RedisBus', () => {
  it('tells its handlers to drop every cached session after its subscriber reconnects: messages sent meanwhile are lost (decision 028)', async () => {
    const bus = new RedisBus(redisUrl!, `bus-test-${randomBytes(4).toString('hex')}`, () => undefined);
    try {
      await bus.ready;
      const heard: BusMessage[] = [];
      bus.onMessage((message) => heard.push(message));
      await bus.publish({ usersChanged: [7] });
      await waitFor(() => heard.length === 1, 5_000, 'the published message');
      expect(heard).toEqual([{ usersChanged: [7] }]);
      // The subscriber's connection drops and comes back, as after a Redis restart.
      (bus as unknown as { subscriber: { disconnect(reconnect: boolean): void } }).subscriber.disconnect(true);
      await waitFor(() => heard.length === 2, 10_000, 'the drop after reconnecting');
      expect(heard[1]).toEqual({ usersChanged: 'all' });
    } finally {
      await bus.close();
    }
  });
});
