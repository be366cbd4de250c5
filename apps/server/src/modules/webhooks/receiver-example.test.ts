import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** docs/examples/webhook-receiver.mjs, the receiver docs/webhooks.md shows, run on a loopback port against real deliveries. */
const example = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/examples/webhook-receiver.mjs');
let t: TestApp;
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  child?.kill();
  await t?.close();
});

async function startExample(secret: string): Promise<number> {
  child = spawn(process.execPath, [example], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    const port = /listening on (\d+)/.exec(output)?.[1];
    if (port) return Number(port);
    if (child.exitCode !== null) throw new Error(`the example exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('verifies real deliveries with the package, refuses a forged one, and handles a replayed id once', async () => {
  const member = await t.signIn();
  // The endpoint needs its secret before the example can start: a placeholder URL first, then the real port.
  const created = await t.app.inject({ method: 'POST', url: '/api/webhook_endpoints', headers: member.auth, payload: { webhook_endpoint: { url: 'http://127.0.0.1:9/webhooks', events: ['project.created'] } } });
  expect(created.statusCode, created.body).toBe(201);
  const { webhook_endpoint: endpoint, secret } = created.json() as { webhook_endpoint: { id: number }; secret: string };
  const port = await startExample(secret);
  await t.app.inject({ method: 'PATCH', url: `/api/webhook_endpoints/${endpoint.id}`, headers: member.auth, payload: { webhook_endpoint: { url: `http://127.0.0.1:${port}/webhooks` } } });

  const project = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Example Receiver Co' } } });
  expect(project.statusCode).toBe(201);
  await t.app.ctx.webhooks.flush();
  const log = (await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${endpoint.id}/deliveries`, headers: member.auth })).json() as { deliveries: Array<{ id: number; status: string; attempt_log: Array<{ status_code: number }> }> };
  expect(log.deliveries[0]).toMatchObject({ status: 'succeeded', attempt_log: [{ status_code: 204 }] });
  const replay = await t.app.inject({ method: 'POST', url: `/api/webhook_endpoints/${endpoint.id}/deliveries/${log.deliveries[0]!.id}/replay`, headers: member.auth });
  expect(replay.statusCode).toBe(201);
  await t.app.ctx.webhooks.flush();

  const lines = output.split('\n').filter((line) => line.startsWith('{'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'project.created', data: { project: { company_name: 'Example Receiver Co' } } });

  const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
    body: '{"type":"project.created"}',
  });
  expect(forged.status).toBe(400);
});
