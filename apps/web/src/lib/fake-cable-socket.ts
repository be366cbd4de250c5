/**
 * A websocket for tests that the test drives in place of the browser's (swapped in through
 * @rails/actioncable's `adapters.WebSocket`): it records what the client sends and delivers the
 * server's frames, so the real ActionCable client runs against it.
 */
export class FakeCableSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeCableSocket[] = [];
  readyState = FakeCableSocket.CONNECTING;
  protocol = 'actioncable-v1-json';
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeCableSocket.all.push(this);
  }
  static latest(): FakeCableSocket {
    const socket = FakeCableSocket.all.at(-1);
    if (!socket) throw new Error('No socket was opened.');
    return socket;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = FakeCableSocket.CLOSED;
    this.onclose?.({});
  }
  /** The server accepts the connection and welcomes the client. */
  serverOpens() {
    this.readyState = FakeCableSocket.OPEN;
    this.onopen?.();
    this.frame({ type: 'welcome' });
  }
  /** The server confirms every subscription the client has asked for on this socket. */
  confirmSubscriptions() {
    for (const command of this.sent.filter((sent) => sent.command === 'subscribe')) {
      this.frame({ type: 'confirm_subscription', identifier: command.identifier });
    }
  }
  /** The connection drops (network loss, server restart): the client sees the socket close. */
  drop() {
    this.close();
  }
  frame(data: Record<string, unknown>) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
}
