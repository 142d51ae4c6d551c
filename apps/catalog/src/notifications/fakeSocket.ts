import { __setSocketFactory, connectSocket, disconnectSocket, type SocketLike } from '@backoffice/shared-api';

type Listener = (...args: unknown[]) => void;

/**
 * Tests only: stands in for socket.io through shared-api's test seam, connected as a signed-in
 * admin's socket is. Call after signing in; `stop` in afterEach. `serverSends` delivers an event
 * as the server would.
 */
export function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const socket: SocketLike = {
    on: (event, l) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    off: (event, l) =>
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((x) => x !== l),
      ),
    emit: () => undefined,
    disconnect: () => undefined,
  };
  __setSocketFactory(() => socket);
  connectSocket();
  return {
    serverSends: (event: string, payload: unknown) => {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    stop: () => {
      disconnectSocket();
      __setSocketFactory(null);
    },
  };
}
