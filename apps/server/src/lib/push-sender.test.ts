import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPushService, type PushServiceStandIn } from '../test/push-service.js';
import { PushSender } from './push-sender.js';
import { safeLookup, type Resolver } from './safe-target.js';

/**
 * The push sender's checks at connection time (issue 41 item 3, like webhooks'): the host is
 * resolved through safe-target.ts, so a name that points at a private address is refused when
 * connecting, in production plain http is refused, an IP literal is judged as the address it
 * reaches, and a redirect is never followed. Refused targets are `unsafe` (the subscription
 * goes), not retried. The resolver is a fake: nothing resolves a real host in tests.
 */
const vapid = { subject: 'mailto:support@sunin.example', ...webpush.generateVAPIDKeys() };
let service: PushServiceStandIn;
let keys: { p256dh: string; auth: string };

beforeAll(async () => {
  service = await startPushService();
  keys = service.subscribe(vapid.publicKey).keys;
});
afterAll(async () => service?.close());

function senderFor(isProduction: boolean, resolve: Resolver): PushSender {
  const policy = { isProduction };
  return new PushSender({ policy, lookup: safeLookup(policy, resolve), timeoutMs: 5_000, vapid });
}

const fakeResolver: Resolver = async (host) => {
  if (host === 'push.inside.example') return [{ address: '10.0.0.5', family: 4 }];
  if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

describe('in production', () => {
  const sender = senderFor(true, fakeResolver);
  afterAll(() => sender.close());

  it('refuses a host that resolves to a private address when connecting: unsafe, not retried', async () => {
    const result = await sender.send({ endpoint: 'https://push.inside.example/device', ...keys }, '{}');
    expect(result).toMatchObject({ outcome: 'unsafe', statusCode: null });
  });

  it('refuses plain http', async () => {
    expect(await sender.send({ endpoint: 'http://push.example/device', ...keys }, '{}')).toMatchObject({ outcome: 'unsafe', error: 'The endpoint must be an https address.' });
  });

  it('refuses an IPv4-mapped IPv6 literal of a private address (::ffff:10.0.0.1) and a loopback literal', async () => {
    expect(await sender.send({ endpoint: 'https://[::ffff:10.0.0.1]/device', ...keys }, '{}')).toMatchObject({ outcome: 'unsafe', error: 'The endpoint must point to a public address.' });
    expect(await sender.send({ endpoint: 'https://127.0.0.1/device', ...keys }, '{}')).toMatchObject({ outcome: 'unsafe' });
  });
});

describe('outside production', () => {
  let redirecting: Server;
  let redirectOrigin = '';
  beforeAll(async () => {
    redirecting = createServer((request, response) => {
      request.resume();
      response.writeHead(302, { location: `${service.origin}/push/elsewhere` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    redirectOrigin = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    redirecting.closeAllConnections();
    await new Promise<void>((resolve) => redirecting.close(() => resolve()));
  });
  const sender = senderFor(false, fakeResolver);
  afterAll(() => sender.close());

  it('still refuses a host that resolves to a private address (only loopback is allowed, for local push services)', async () => {
    expect(await sender.send({ endpoint: 'https://push.inside.example/device', ...keys }, '{}')).toMatchObject({ outcome: 'unsafe' });
  });

  it('never follows a redirect: a 302 is a failed attempt and its Location gets nothing', async () => {
    service.requests.length = 0;
    const result = await sender.send({ endpoint: `${redirectOrigin}/device`, ...keys }, '{}');
    expect(result).toMatchObject({ outcome: 'failed', statusCode: 302 });
    expect(service.requests).toEqual([]);
  });

  it('delivers to a loopback push service', async () => {
    const device = service.subscribe(vapid.publicKey);
    expect(await sender.send({ endpoint: device.endpoint, ...device.keys }, '{"title":"t"}')).toMatchObject({ outcome: 'sent', statusCode: 201 });
  });

  it('signs one VAPID token per push service and reuses it, each push still accepted by the service', async () => {
    const fresh = senderFor(false, fakeResolver);
    const signing = vi.spyOn(webpush, 'getVapidHeaders');
    try {
      const devices = [service.subscribe(vapid.publicKey), service.subscribe(vapid.publicKey), service.subscribe(vapid.publicKey)];
      for (const device of devices) expect(await fresh.send({ endpoint: device.endpoint, ...device.keys }, '{"title":"t"}')).toMatchObject({ outcome: 'sent' });
      expect(signing).toHaveBeenCalledTimes(1);
      expect(signing.mock.calls[0]?.[0]).toBe(service.origin);
    } finally {
      signing.mockRestore();
      fresh.close();
    }
  });
});
