import { useEffect, useRef } from 'react';
import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { ADMIN_UPDATED_EVENT, SOCKET_PATH, SOCKET_PROTOCOL } from '../constants/realtime';
import { getClientConfig } from './config';
import { isPlainObject, readAdminProfile } from './internal';
import { deferredSocket } from './deferredSocket';
import { session } from './session';
import { readToken } from './storage';

/** The part of a socket.io client socket used here; tests stand in a fake with the same shape. */
export interface SocketLike {
  id?: string | undefined;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener?: (...args: unknown[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
}

export type SocketConnectOptions = Partial<ManagerOptions & SocketOptions>;
export type SocketFactory = (url: string | undefined, opts: SocketConnectOptions) => SocketLike;
export type ServerEventHandler = (payload: unknown) => void;

/**
 * Sent by the server on each connection and reconnection once the token is accepted: from then on
 * its events reach this page. What the page refreshes on the server's events it refreshes on this
 * too: what happened while the socket was not authenticated (before the first connection, which
 * follows the first screen's data, or during a drop) was not pushed to this page.
 */
export const SOCKET_AUTHENTICATED = SOCKET_PROTOCOL.authenticated;

/** How long live updates wait for a screen to say it is drawn (markScreenDrawn) before connecting anyway. */
export const FIRST_SCREEN_WAIT_MS = 3000;

let screenDrawn = false;
/** Set once the frame that shows the screen is painted and the page is idle (markScreenDrawn). */
let released = false;
const whenScreenDrawn = new Set<() => void>();

/**
 * Said by a screen once its content (a list's rows, the dashboard's figures) is on screen. Until
 * then the page fetches what that screen needs and nothing else: the socket's client library
 * follows it (firstScreenDrawn).
 */
export function markScreenDrawn(): void {
  if (screenDrawn) return;
  screenDrawn = true;
  // Once the frame that shows it is painted and the page is idle: a screen says so from an effect,
  // which may run before its frame is painted.
  const release = () => {
    released = true;
    for (const go of [...whenScreenDrawn]) go();
  };
  if (typeof requestAnimationFrame !== 'function') return release();
  const whenIdle = (go: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(go, { timeout: 500 }) : setTimeout(go, 50);
  requestAnimationFrame(() => setTimeout(() => whenIdle(release)));
}

/**
 * Settles once a screen has said it is drawn and its frame is painted, or FIRST_SCREEN_WAIT_MS after
 * it is asked. One asked between the two (the layout's socket, when the list's rows came in the
 * layout's own commit) waits for the frame too, rather than fetching beside the screen's last render.
 */
export function firstScreenDrawn(): Promise<void> {
  if (released) return Promise.resolve();
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      whenScreenDrawn.delete(go);
      resolve();
    };
    const timer = setTimeout(go, FIRST_SCREEN_WAIT_MS);
    whenScreenDrawn.add(go);
  });
}

// socket.io-client (~12 KiB gzip) is fetched when the first socket opens, after sign-in, rather
// than with every page's runtime (the sign-in page never opens one), and once the first screen is
// drawn, rather than beside that screen's own code and data. Calls made meanwhile wait for it
// (deferredSocket); the header reads 'Not available' until the socket connects, as on a reconnect.
const defaultFactory: SocketFactory = (url, opts) =>
  deferredSocket(
    firstScreenDrawn()
      .then(() => import('socket.io-client'))
      .then(({ io }) => (url ? io(url, opts) : io(opts)) as unknown as SocketLike),
  );

let factory: SocketFactory = defaultFactory;
let socket: SocketLike | null = null;
let stopWatchingSession: (() => void) | null = null;

// Kept outside any one socket, so subscriptions made before the connection (a remote mounting
// early) or across reconnects and reconnectSocket() keep working.
const handlers = new Map<string, Set<ServerEventHandler>>();
const dispatchers = new Map<string, (...args: unknown[]) => void>();

/** Tests only: replace socket.io's `io`; pass null to restore it. */
export function __setSocketFactory(fn: SocketFactory | null): void {
  factory = fn ?? defaultFactory;
}

function dispatcherFor(event: string): (...args: unknown[]) => void {
  let d = dispatchers.get(event);
  if (!d) {
    d = (payload: unknown) => {
      for (const h of [...(handlers.get(event) ?? [])]) {
        // One subscriber failing must not keep the event from the others.
        try {
          h(payload);
        } catch (err) {
          console.error(`Handler of socket event "${event}" failed:`, err);
        }
      }
    };
    dispatchers.set(event, d);
  }
  return d;
}

// The admin's availability is their stored choice; while the socket is down the header reads it as
// "Not available" (useAvailability) without overwriting the choice, which a reconnect brings back.
function markDisconnected(): void {
  session.setGeneral({ isSocketConnected: false, socketId: '' });
}

/**
 * Spec section 7. Only with a stored token; calling it again while a socket is open does nothing, so
 * every app (and React's development double mount) may call it freely.
 */
export function connectSocket(): void {
  if (socket || !readToken()) return;
  const s = factory(getClientConfig().socketUrl ?? undefined, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: true,
    reconnectionAttempts: 5,
    reconnectionDelay: 1000,
    autoConnect: true,
  });
  socket = s;

  // Also on every reconnect: the server authenticates each connection afresh.
  s.on('connect', () => {
    if (socket !== s) return;
    const token = readToken();
    if (token) s.emit(SOCKET_PROTOCOL.authenticate, { token });
    session.setGeneral({ isSocketConnected: true, socketId: s.id ?? '' });
  });
  // Spec section 4: the payload decides the availability, and a false (or missing) one gives '0'.
  s.on(SOCKET_PROTOCOL.authenticated, (payload: unknown) => {
    if (socket !== s) return;
    session.setAvailability(isPlainObject(payload) && payload.availabilityStatus === '1' ? '1' : '0');
  });
  // A save in another tab (or by this one) reaches the header here; screens refresh through useAdminProfile.
  s.on(ADMIN_UPDATED_EVENT, (payload: unknown) => {
    const profile = readAdminProfile(payload);
    if (socket === s && profile) session.adoptProfile(profile);
  });
  s.on('disconnect', () => {
    if (socket === s) markDisconnected();
  });
  s.on('connect_error', (err: unknown) => {
    // Spec section 8: logged only; socket.io retries by itself and the screens work without it.
    console.error('Socket connection error:', err instanceof Error ? err.message : err);
  });
  for (const event of handlers.keys()) s.on(event, dispatcherFor(event));

  // A logout anywhere (a 401 in a remote, another tab's token gone) must not leave this socket open.
  stopWatchingSession = session.subscribe(() => {
    if (!session.getState().auth.user && !readToken()) disconnectSocket();
  });
}

export function disconnectSocket(): void {
  stopWatchingSession?.();
  stopWatchingSession = null;
  const s = socket;
  if (!s) return;
  s.disconnect();
  socket = null;
  if (session.getState().general.isSocketConnected) markDisconnected();
}

/**
 * Opens a fresh connection if one is open, so that it authenticates with the token now stored
 * (the server drops the sockets of a session it revoked, as on a password change).
 */
export function reconnectSocket(): void {
  if (!socket) return;
  disconnectSocket();
  connectSocket();
}

export function isSocketOpen(): boolean {
  return socket !== null;
}

/** Subscribes to a server event; returns the unsubscribe function. */
export function onServerEvent(event: string, handler: ServerEventHandler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
    socket?.on(event, dispatcherFor(event));
  }
  set.add(handler);
  return () => {
    const current = handlers.get(event);
    if (!current) return;
    current.delete(handler);
    if (current.size === 0) {
      handlers.delete(event);
      const d = dispatchers.get(event);
      dispatchers.delete(event);
      if (d) socket?.off(event, d);
    }
  };
}

/** The latest `handler` is called, without resubscribing when a render passes a new function. */
export function useServerEvent(event: string, handler: ServerEventHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onServerEvent(event, (payload) => latest.current(payload)), [event]);
}
