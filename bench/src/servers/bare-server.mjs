// The machine's ceiling for the API table: a bare Fastify hello route in its own process,
// listening on 127.0.0.1:$PORT. Plain JavaScript under plain node, like the built server.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
