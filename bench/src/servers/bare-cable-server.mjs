// The floor of the realtime table's broadcast (issue 19 item 4): the portal's fan-out with
// nothing around it, written with only ws and ioredis. It answers /cable as far as the bench's
// clients need (the actioncable-v1-json subprotocol, `welcome`, and `confirm_subscription` for a
// NotificationsChannel identifier), checks no token, sends no pings, and on each
// `{everyone: true, event}` message on the Redis channel writes every socket its frame the way
// the portal does: the event serialized once, each frame put together from bytes and sent with
// ws's send. What the portal's broadcast costs above this is the portal's; the rest is the
// machine's. Plain JavaScript under plain node. Env: PORT, REDIS_URL, REDIS_CHANNEL.
import { Redis } from 'ioredis';
import { WebSocketServer } from 'ws';

const PROTOCOL = 'actioncable-v1-json';
const CLOSING_BRACE = Buffer.from('}');

/** Every open socket -> the opening of each frame for its subscription. */
const openings = new Map();

const server = new WebSocketServer({
  host: '127.0.0.1',
  port: Number(process.env.PORT),
  path: '/cable',
  handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
});

server.on('connection', (socket) => {
  socket.send(JSON.stringify({ type: 'welcome' }));
  socket.on('message', (data) => {
    let command;
    try {
      command = JSON.parse(data.toString());
    } catch {
      return;
    }
    if (command?.command !== 'subscribe' || typeof command.identifier !== 'string' || openings.has(socket)) return;
    if (JSON.parse(command.identifier).channel !== 'NotificationsChannel') return;
    openings.set(socket, Buffer.from(`{"identifier":${JSON.stringify(command.identifier)},"message":`));
    socket.send(JSON.stringify({ identifier: command.identifier, type: 'confirm_subscription' }));
  });
  socket.on('close', () => openings.delete(socket));
});

const subscriber = new Redis(process.env.REDIS_URL);
await subscriber.subscribe(process.env.REDIS_CHANNEL);
subscriber.on('message', (_channel, raw) => {
  const message = JSON.parse(raw);
  if (message.everyone !== true) return;
  const event = Buffer.from(JSON.stringify(message.event));
  for (const [socket, opening] of openings) socket.send(Buffer.concat([opening, event, CLOSING_BRACE]), { binary: false });
});

await new Promise((resolve) => (server.address() ? resolve() : server.once('listening', resolve)));
process.send?.('ready');

const stop = () => {
  for (const socket of openings.keys()) socket.terminate();
  server.close();
  subscriber.disconnect();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
