import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: records what it receives and answers `status` with
 * `answer`. `stop()` closes it (connections too, so the port refuses); `start()` listens again
 * on the same port.
 */
export class TestReceiver {
  received: ReceivedWebhook[] = [];
  status = 200;
  answer = 'ok';
  headers: Record<string, string> = {};
  port = 0;
  private server: http.Server | null = null;
  private waiters: Array<{ matches: (received: ReceivedWebhook) => boolean; resolve: (received: ReceivedWebhook) => void }> = [];

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(received);
        const answered = this.waiters.filter((waiter) => waiter.matches(received));
        this.waiters = this.waiters.filter((waiter) => !answered.includes(waiter));
        for (const waiter of answered) waiter.resolve(received);
        response.writeHead(this.status, { 'content-type': 'text/plain', ...this.headers });
        response.end(this.answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /**
   * The first request received (already or later) that `matches`. A test awaits it instead of
   * flushing the worker: if nothing sends it, the test fails at its timeout.
   */
  receive(matches: (received: ReceivedWebhook) => boolean): Promise<ReceivedWebhook> {
    const already = this.received.find(matches);
    if (already) return Promise.resolve(already);
    return new Promise((resolve) => this.waiters.push({ matches, resolve }));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
