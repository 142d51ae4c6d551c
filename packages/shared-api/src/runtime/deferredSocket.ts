import type { SocketLike } from '@backoffice/shared-api/runtime';

/**
 * A socket whose client library arrives later: calls made meanwhile are replayed on the real socket
 * in order, and one closed meanwhile is closed as soon as it exists.
 */
export function deferredSocket(load: Promise<SocketLike>): SocketLike {
  let real: SocketLike | null = null;
  let closed = false;
  const pending: Array<(s: SocketLike) => void> = [];
  const proxy: SocketLike = {
    get id() {
      return real?.id;
    },
    on: (event, listener) => (real ? real.on(event, listener) : pending.push((s) => s.on(event, listener)), proxy),
    off: (event, listener) => (real ? real.off(event, listener) : pending.push((s) => s.off(event, listener)), proxy),
    emit: (event, ...args) => (real ? real.emit(event, ...args) : pending.push((s) => s.emit(event, ...args)), proxy),
    disconnect: () => ((closed = true), real?.disconnect(), proxy),
  };
  load.then(
    (s) => {
      if (closed) {
        s.disconnect();
        return;
      }
      real = s;
      for (const call of pending.splice(0)) call(s);
    },
    (err: unknown) => console.error('The live-update client could not be loaded:', err),
  );
  return proxy;
}
