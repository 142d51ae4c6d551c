import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_PROTOCOL, SOCKET_PATH } from '@backoffice/shared-api/contract';
import { startTestApi, type Backend, type TestApi } from './test-api';

/** The address of a test server started with `listen: true`. */
export function urlOf(api: TestApi): string {
  const address = api.server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export function openSocket(api: TestApi): Socket {
  return connect(urlOf(api), { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true });
}

/** The next `event` the socket receives, or a rejection after `timeoutMs`. */
export const nextEvent = <T = unknown>(socket: Socket, event: string, timeoutMs = 4000) =>
  nextEventOf<T>(socket, event, () => true, timeoutMs);

/**
 * The next `event` whose payload `matches` (one about this test's record: an event of an earlier
 * test's change may still be on its way, as events follow the reply by a few milliseconds).
 */
export const nextEventOf = <T = unknown>(
  socket: Socket,
  event: string,
  matches: (payload: T) => boolean,
  timeoutMs = 4000,
) =>
  new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(t);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

/** A socket that has authenticated with `token`, so server events reach it. */
export async function adminSocket(api: TestApi, token: string): Promise<Socket> {
  const s = openSocket(api);
  await nextEvent(s, 'connect');
  const ok = nextEvent(s, SOCKET_PROTOCOL.authenticated);
  s.emit(SOCKET_PROTOCOL.authenticate, { token });
  await ok;
  return s;
}

/** Every payload of `event` the socket receives from now on, in order. */
export function collectEvents<T = unknown>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

/** A listening test server and a signed-in admin's socket on it, for tests of what the server announces. */
export async function startWithAdminSocket(backend: Backend): Promise<{ api: TestApi; token: string; socket: Socket }> {
  const api = await startTestApi(backend, { listen: true });
  const token = await api.signIn();
  return { api, token, socket: await adminSocket(api, token) };
}
