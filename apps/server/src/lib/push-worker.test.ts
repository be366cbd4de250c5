import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/factories/users.js';
import { pushOutbox, pushSubscriptions } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { PushAttemptResult } from './push-sender.js';
import { PushWorker } from './push-worker.js';

let t: TestApp;
beforeAll(async () => {
  // The app's own push worker polls far beyond the test: only the worker made here sends.
  t = await createTestApp({}, { push: { pollIntervalMs: 3_600_000 } });
  // Its first pass starts when the app is ready and may still be running; on a loaded machine its
  // claim came after this test's rows were written and took one of them (a CI failure). Closed
  // here, it has finished that pass and claims nothing more.
  await t.app.ctx.push.close();
});
afterAll(async () => {
  await t?.close();
});

/** A promise and the function that settles it. */
function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe('the push worker, when one lane fails', () => {
  it('close() waits for the sends still in flight in the other lanes before it closes the sender', async () => {
    const user = await createUser(t.db);
    const subscriptions = await t.db
      .insert(pushSubscriptions)
      .values(['a', 'b'].map((name) => ({ user_id: user.id, endpoint: `http://127.0.0.1:9/push/lanes-${name}`, p256dh: 'key', auth: 'secret' })))
      .returning({ id: pushSubscriptions.id });
    const rows = await t.db
      .insert(pushOutbox)
      .values(subscriptions.map((subscription, index) => ({ subscription_id: subscription.id, payload: { title: `Push ${index}`, body: 'Body', url: null, tag: `lanes-${index}` }, next_attempt_at: new Date(Date.now() - 60_000) })))
      .returning({ id: pushOutbox.id });

    // One send hangs until released. The other answers once both are in flight and the clock
    // has started to fail: recording its send fails (left to its lease), and so does its lane's
    // next claim, as with a database gone away. That lane's pass fails while the first still sends.
    const hanging = gate<PushAttemptResult>();
    const bothSending = gate();
    const answer = gate();
    const claimFailed = gate();
    let sending = 0;
    let clockFailures = 0;
    let closedWhileSending: boolean | undefined;
    const sender = {
      async send(): Promise<PushAttemptResult> {
        sending++;
        if (sending === 2) bothSending.open();
        const result = sending === 1 ? await hanging.promise : (await answer.promise, { outcome: 'sent' as const, statusCode: 201, error: null });
        sending--;
        return result;
      },
      close() {
        closedWhileSending = sending > 0;
      },
    };
    const warnings: string[] = [];
    let clockFails = false;
    const worker = new PushWorker({
      db: t.db,
      sender,
      log: { warn: (_details, message) => void warnings.push(message), error() {} },
      lanes: 2,
      lanesPerHost: 2,
      pollIntervalMs: 3_600_000,
      now: () => {
        if (!clockFails) return new Date();
        // The first failure is the record of the answered send, the second the next claim.
        if (++clockFailures === 2) claimFailed.open();
        throw new Error('the database went away');
      },
    });
    worker.start();
    await bothSending.promise;
    clockFails = true;
    answer.open();
    await claimFailed.promise;
    // The turns the failed claim takes to end the other lane's pass, if anything lets it.
    await new Promise((resolve) => setImmediate(resolve));
    let closed = false;
    const closing = worker.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    expect(closedWhileSending).toBeUndefined();

    clockFails = false;
    hanging.open({ outcome: 'sent', statusCode: 201, error: null });
    await closing;
    expect(closedWhileSending).toBe(false);
    expect(warnings).toEqual(['push outbox: the worker could not reach the database; it retries on its next pass']);
    // The send that was in flight was recorded; the answered one, whose record failed, waits for its lease.
    const recorded = await t.db.select({ id: pushOutbox.id, sent_at: pushOutbox.sent_at }).from(pushOutbox).where(inArray(pushOutbox.id, rows.map((row) => row.id)));
    expect(recorded.filter((row) => row.sent_at !== null)).toHaveLength(1);
  });
});
