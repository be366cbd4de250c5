import WebSocket from 'ws';

/**
 * The real @rails/actioncable client, run in Node: `ws` as its WebSocket and no-op window
 * event hooks (its connection monitor listens for visibility changes).
 */
export async function loadActionCable() {
  const g = globalThis as Record<string, unknown>;
  g.addEventListener ??= () => {};
  g.removeEventListener ??= () => {};
  g.document ??= { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} };
  const ActionCable = await import('@rails/actioncable');
  ActionCable.adapters.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
  return ActionCable;
}

/**
 * A plain websocket speaking the ActionCable subprotocol, recording every frame it gets. A
 * binary frame is recorded as `{ binaryFrame: text }`: a browser hands those to the
 * @rails/actioncable client as a Blob it cannot parse, so no test should ever see one.
 */
export function rawCable(url: string) {
  const socket = new WebSocket(url, ['actioncable-v1-json', 'actioncable-unsupported']);
  const frames: Array<Record<string, unknown>> = [];
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      frames.push({ binaryFrame: data.toString() });
      return;
    }
    try {
      frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
    } catch {
      frames.push({ unparsable: data.toString() });
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.on('open', () => resolve());
    socket.on('error', reject);
  });
  return { socket, frames, closed, opened };
}

export async function waitFor<T>(check: () => T | undefined | false, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A raw cable at `url` (with its `?token=`), subscribed to the NotificationsChannel of `userId` and confirmed. */
export async function subscribedCable(url: string, userId: number) {
  const cable = rawCable(url);
  const identifier = JSON.stringify({ channel: 'NotificationsChannel', user_id: userId });
  await cable.opened;
  cable.socket.send(JSON.stringify({ command: 'subscribe', identifier }));
  await waitFor(() => cable.frames.find((f) => f.type === 'confirm_subscription'), 3_000, 'confirmation');
  return { ...cable, identifier };
}
