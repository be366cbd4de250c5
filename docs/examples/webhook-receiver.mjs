// A webhook receiver for the SunIn Partner Portal (docs/webhooks.md): verifies each delivery's
// signature with the Standard Webhooks package, skips a message id it has already handled,
// and answers 204 at once (do slow work after answering: the portal waits 15 s at most).
//
//   npm install standardwebhooks
//   WEBHOOK_SECRET=whsec_... PORT=4000 node webhook-receiver.mjs
//
// Then subscribe http(s)://<this host>:4000/webhooks in the portal (profile, Webhooks).
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET ?? '');
const handled = new Set(); // use your database in production: retries and replays repeat the webhook-id

const server = http.createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/webhooks') {
    response.writeHead(404).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    // Verify the exact bytes received, before parsing them.
    const body = Buffer.concat(chunks).toString('utf8');
    let message;
    try {
      message = webhook.verify(body, request.headers);
    } catch {
      response.writeHead(400).end('bad signature');
      return;
    }
    const id = request.headers['webhook-id'];
    if (!handled.has(id)) {
      handled.add(id);
      console.info(JSON.stringify({ id, type: message.type, data: message.data }));
    }
    response.writeHead(204).end();
  });
});

server.listen(Number(process.env.PORT ?? 4000), process.env.HOST ?? '127.0.0.1', () => {
  console.info(`listening on ${server.address().port}`);
});
