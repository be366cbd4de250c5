import { createServer, type Server, type Socket } from 'node:net';

/**
 * A minimal SMTP server that answers every command after `delayMs` (a slow or distant mail
 * relay) and accepts every message. Enough for nodemailer's plain SMTP: no TLS, no AUTH.
 */
export async function startSlowSmtpServer(delayMs: number): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const reply = (line: string) => setTimeout(() => socket.writable && socket.write(`${line}\r\n`), delayMs);
    let buffer = '';
    let inData = false;
    reply('220 slow.smtp.bench ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          buffer = buffer.slice(end + 5);
          inData = false;
          received++;
          reply('250 2.0.0 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 slow.smtp.bench');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          setTimeout(() => socket.end(), delayMs);
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
