// Preloaded into the bench's server process (node --expose-gc --import this file): answers a
// 'memory' message on the IPC channel with process.memoryUsage() after a full collection.
// Plain JavaScript because the server runs under plain node.
process.on('message', (message) => {
  if (message !== 'memory' || !process.send) return;
  globalThis.gc?.();
  process.send({ type: 'memory', usage: process.memoryUsage() });
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
