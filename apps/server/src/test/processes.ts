import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server's folder, and tsx's CLI, to run `src/server.ts` as a process of its own. */
export const serverDir = fileURLToPath(new URL('../..', import.meta.url));
export const tsxCli = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** A loopback port nothing listens on right now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
