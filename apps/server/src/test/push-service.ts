import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on 127.0.0.1 standing in for a browser's (Google's, Mozilla's, Apple's), for the
 * API tests and the e2e spec (issue 41 item 3). It makes subscriptions as a browser's push
 * manager would (a P-256 key pair and a 16-byte auth secret per device, for a given
 * applicationServerKey), and takes the portal's pushes as RFC 8030 says: it checks the VAPID
 * signature (RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, ES256, the endpoint's origin as
 * audience, the subscription's key), then decrypts the body (RFC 8291, aes128gcm) with the
 * device's private key, so a test reads exactly what the device would show.
 *
 * The `web-push-testing` package does the same as a CLI server, but it listens on every
 * interface and exits the process on an error, so this small one (with http_ece, the package
 * web-push itself encrypts with) is used instead.
 */

export interface DeviceSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, and it parsed as JSON (the portal sends JSON). */
  text: string;
  json: unknown;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
  /** The VAPID token's claims. */
  claims: { aud: unknown; sub: unknown; exp: unknown };
}

interface Device {
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string;
  gone: boolean;
}

export interface PushServiceStandIn {
  origin: string;
  /** A new device's subscription for `applicationServerKey`, as `pushManager.subscribe()` answers it (its toJSON()). */
  subscribe(applicationServerKey: string): DeviceSubscription;
  /** From now on this endpoint answers 410 Gone (the device unsubscribed). */
  expire(endpoint: string): void;
  /** The next `count` pushes answer `status` without being delivered (a 500, a 429...). */
  failNext(count: number, status: number): void;
  /** What was delivered, in order; and every request with the status it got. */
  received: ReceivedPush[];
  requests: Array<{ endpoint: string; status: number; reason?: string }>;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startPushService(): Promise<PushServiceStandIn> {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const requests: PushServiceStandIn['requests'] = [];
  const failures: number[] = [];
  let origin = '';

  /** Why a push is refused, or null; a delivered push is recorded. */
  async function deliver(request: IncomingMessage, device: Device, body: Buffer): Promise<string | null> {
    if (request.headers['content-encoding'] !== 'aes128gcm') return 'Content-Encoding must be aes128gcm.';
    if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) return 'TTL is missing.';
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(request.headers.authorization ?? ''));
    if (!match) return 'Authorization must be vapid t=..., k=....';
    const [, token = '', key = ''] = match;
    if (key !== device.applicationServerKey) return 'The VAPID key is not the one the subscription was made for.';
    const point = Buffer.from(key, 'base64url');
    const publicKey = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256');
    let claims: ReceivedPush['claims'];
    try {
      ({ payload: claims } = (await jwtVerify(token, publicKey, { audience: origin, algorithms: ['ES256'] })) as unknown as { payload: ReceivedPush['claims'] });
    } catch (error) {
      return `The VAPID token does not verify: ${(error as Error).message}`;
    }
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'The VAPID subject must be mailto: or https:.';
    const text = decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8');
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // kept as text
    }
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    received.push({ endpoint: device.endpoint, text, json, headers: { ttl: header('ttl'), urgency: header('urgency'), topic: header('topic') }, claims });
    return null;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const endpoint = `${origin}${request.url ?? ''}`;
      const device = devices.get(endpoint);
      const answer = (status: number, reason?: string) => {
        requests.push({ endpoint, status, ...(reason ? { reason } : {}) });
        response.writeHead(status, { 'content-type': 'text/plain' }).end(reason ?? '');
      };
      if (request.method !== 'POST' || !device) return answer(404, 'No such subscription.');
      if (device.gone) return answer(410, 'The subscription has expired or was unsubscribed.');
      const failure = failures.shift();
      if (failure !== undefined) return answer(failure, 'Failing on purpose.');
      try {
        const refused = await deliver(request, device, body);
        return refused ? answer(400, refused) : answer(201);
      } catch (error) {
        return answer(400, `Could not decrypt: ${(error as Error).message}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      devices.set(endpoint, { endpoint, ecdh, auth, applicationServerKey, gone: false });
      return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    expire(endpoint) {
      const device = devices.get(endpoint);
      if (device) device.gone = true;
    },
    failNext(count, status) {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    received,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
