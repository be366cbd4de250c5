import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}


/**
 * A real SMTP server on 127.0.0.1 (nodemailer's smtp-server) that records what it receives.
 * It can refuse the next recipients with a given reply, hold new connections before its
 * greeting (a slow or stuck server), or hold each message before its final reply (to see how
 * many are in flight at once), until released.
 */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const rejections: Array<{ code: number; message: string }> = [];
  let held: Promise<void> | undefined;
  let releaseHeld: () => void = () => {};
  let connections = 0;
  let dataHeld: Promise<void> | undefined;
  let releaseData: () => void = () => {};
  /** Messages received whole and waiting, held, for the server's reply. */
  let awaitingReply = 0;
  /** Connections open and still waiting for the greeting. */
  const waiting = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onConnect(session, callback) {
      connections++;
      if (!held) return callback();
      waiting.add(session.id);
      void held.then(() => {
        waiting.delete(session.id);
        callback();
      });
    },
    onClose(session) {
      waiting.delete(session.id);
    },
    onRcptTo(_address, _session, callback) {
      const rejection = rejections.shift();
      if (rejection) callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        };
        if (!dataHeld) return accept();
        awaitingReply++;
        void dataHeld.then(() => {
          awaitingReply--;
          accept();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    received,
    /** How many connections have opened (greeted or held). */
    connections: () => connections,
    /** How many connections are open and held before the greeting right now. */
    waitingForGreeting: () => waiting.size,
    /** Refuses the next recipient with `code` (4xx: try later; 5xx: refused). */
    reject(code: number, message: string) {
      rejections.push({ code, message });
    },
    /** Holds every new connection before the greeting until the returned function is called. */
    holdGreetings(): () => void {
      held = new Promise((resolve) => (releaseHeld = resolve));
      return () => {
        held = undefined;
        releaseHeld();
      };
    },
    /** Messages held before their reply right now (holdReplies). */
    awaitingReply: () => awaitingReply,
    /** Holds each message, once received, before the reply that accepts it, until the returned function is called. */
    holdReplies(): () => void {
      dataHeld = new Promise((resolve) => (releaseData = resolve));
      return () => {
        dataHeld = undefined;
        releaseData();
      };
    },
    close(): Promise<void> {
      releaseHeld();
      releaseData();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type LocalSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
