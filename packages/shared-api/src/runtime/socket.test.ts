import { act, renderHook } from '@testing-library/react';
import { configureClient } from './config';
import { session } from './session';
import {
  __setSocketFactory,
  connectSocket,
  disconnectSocket,
  SOCKET_AUTHENTICATED,
  onServerEvent,
  reconnectSocket,
  useServerEvent,
  type SocketConnectOptions,
  type SocketLike,
} from './socket';
import { ADMIN, resetClient, signIn } from '../testing';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket: listeners by event, a record of what was emitted. */
class FakeSocket implements SocketLike {
  id: string | undefined = undefined;
  emitted: Array<[string, ...unknown[]]> = [];
  disconnectCalls = 0;
  private listeners = new Map<string, Listener[]>();
  constructor(
    readonly url: string | undefined,
    readonly opts: SocketConnectOptions,
  ) {}
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  off(event: string, listener?: Listener) {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => listener && l !== listener),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    return this;
  }
  disconnect() {
    this.disconnectCalls++;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  /** What the server (or the transport) would make happen. */
  fire(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) l(...args);
  }
  serverConnects(id = 'sock-1') {
    this.id = id;
    this.fire('connect');
  }
}

describe('socket', () => {
  let ctx: ReturnType<typeof resetClient>;
  let sockets: FakeSocket[];
  const last = () => sockets[sockets.length - 1]!;

  beforeEach(() => {
    ctx = resetClient();
    sockets = [];
    __setSocketFactory((url, opts) => {
      const s = new FakeSocket(url, opts);
      sockets.push(s);
      return s;
    });
  });
  afterEach(() => {
    disconnectSocket();
    __setSocketFactory(null);
    ctx.restore();
    configureClient({ socketUrl: '' });
    jest.restoreAllMocks();
  });

  it('does not connect without a stored token', () => {
    connectSocket();
    expect(sockets).toHaveLength(0);
  });

  it('connects per spec section 7, once however often it is asked', () => {
    signIn();
    connectSocket();
    connectSocket();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBeUndefined();
    expect(last().opts).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
      autoConnect: true,
    });
  });

  it('connects to the configured socket URL', () => {
    configureClient({ socketUrl: 'https://rt.example.com' });
    signIn();
    connectSocket();
    expect(last().url).toBe('https://rt.example.com');
  });

  it('on connect: authenticates with the token and records the socket', () => {
    signIn();
    connectSocket();
    last().serverConnects('sock-42');
    expect(last().emitted).toEqual([['authenticate', { token: ADMIN.token }]]);
    expect(session.getState().general).toMatchObject({ isSocketConnected: true, socketId: 'sock-42' });
  });

  it.each([
    [{ _id: ADMIN._id, availabilityStatus: '1' }, '1'],
    [{ _id: ADMIN._id, availabilityStatus: '0' }, '0'],
    [{ _id: ADMIN._id, availabilityStatus: false }, '0'],
    [{ _id: ADMIN._id }, '0'],
    [null, '0'],
  ])('once authenticated with %p, the availability is %p (the payload decides)', (payload, expected) => {
    signIn({ ...ADMIN, availabilityStatus: expected === '1' ? '0' : '1' });
    connectSocket();
    last().serverConnects();
    last().fire('authenticated', payload);
    expect(session.getState().auth.user?.availabilityStatus).toBe(expected);
  });

  it('on disconnect: not connected, the stored availability kept; a reconnect authenticates again', () => {
    signIn();
    connectSocket();
    last().serverConnects();
    last().fire('authenticated', { _id: ADMIN._id, availabilityStatus: '1' });
    last().fire('disconnect', 'transport close');
    expect(session.getState().general).toMatchObject({ isSocketConnected: false, socketId: '' });
    expect(session.getState().auth.user?.availabilityStatus).toBe('1');
    last().serverConnects('sock-2');
    expect(last().emitted).toHaveLength(2);
    expect(session.getState().general.isSocketConnected).toBe(true);
  });

  it("admin:updated puts the admin's new names, email and availability in the session", () => {
    signIn();
    connectSocket();
    last().serverConnects();
    const profile = {
      _id: ADMIN._id,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      bio: '',
      isEmailVerified: true,
      mainProfilePicture: '',
      timeZone: 'UTC',
      availabilityStatus: '1',
    };
    last().fire('admin:updated', profile);
    expect(session.getState().auth.user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      availabilityStatus: '1',
      token: ADMIN.token,
    });
    // A payload that is not a whole profile changes nothing.
    last().fire('admin:updated', { ...profile, firstName: undefined, availabilityStatus: '0' });
    last().fire('admin:updated', 'Grace');
    expect(session.getState().auth.user).toMatchObject({ firstName: 'Grace', availabilityStatus: '1' });
  });

  it('only logs connection errors', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    connectSocket();
    const before = session.getState();
    last().fire('connect_error', new Error('websocket error'));
    expect(error).toHaveBeenCalledWith(expect.any(String), 'websocket error');
    expect(session.getState()).toBe(before);
    expect(ctx.toasts).toEqual([]);
  });

  it('disconnectSocket closes the socket and marks it disconnected', () => {
    signIn();
    connectSocket();
    const s = last();
    s.serverConnects();
    disconnectSocket();
    expect(s.disconnectCalls).toBe(1);
    expect(session.getState().general.isSocketConnected).toBe(false);
    connectSocket();
    expect(sockets).toHaveLength(2);
  });

  it('closes the socket when the session ends', () => {
    signIn();
    connectSocket();
    last().serverConnects();
    session.logout('', { silent: true });
    expect(last().disconnectCalls).toBe(1);
  });

  it('reconnectSocket opens a fresh connection that authenticates with the token now stored', () => {
    signIn();
    connectSocket();
    last().serverConnects();
    session.updateUser({ token: 'token-2' });
    reconnectSocket();
    expect(sockets).toHaveLength(2);
    last().serverConnects('sock-3');
    expect(last().emitted).toEqual([['authenticate', { token: 'token-2' }]]);
  });

  describe('server events', () => {
    it('tell SOCKET_AUTHENTICATED subscribers of each authenticated connection, so they read afresh what was not pushed', () => {
      const refresh = jest.fn();
      const unsubscribe = onServerEvent(SOCKET_AUTHENTICATED, refresh);
      signIn();
      connectSocket();
      last().fire('connect');
      last().fire('authenticated', { availabilityStatus: '1' });
      last().fire('disconnect', 'transport close');
      last().fire('connect');
      expect(refresh).toHaveBeenCalledTimes(1);
      last().fire('authenticated', { availabilityStatus: '1' });
      expect(refresh).toHaveBeenCalledTimes(2);
      unsubscribe();
    });

    it('reach handlers subscribed before the connection and survive a new connection', () => {
      const handler = jest.fn();
      const unsubscribe = onServerEvent('notification:new', handler);
      signIn();
      connectSocket();
      last().fire('notification:new', { id: 1 });
      disconnectSocket();
      connectSocket();
      last().fire('notification:new', { id: 2 });
      expect(handler.mock.calls).toEqual([[{ id: 1 }], [{ id: 2 }]]);
      unsubscribe();
      last().fire('notification:new', { id: 3 });
      expect(handler).toHaveBeenCalledTimes(2);
    });

    it('reach handlers subscribed after the connection; one failing handler does not stop the others', () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      signIn();
      connectSocket();
      const offBad = onServerEvent('influencer-request:new', () => {
        throw new Error('bad handler');
      });
      const good = jest.fn();
      const offGood = onServerEvent('influencer-request:new', good);
      last().fire('influencer-request:new', { _id: 'r1' });
      expect(good).toHaveBeenCalledWith({ _id: 'r1' });
      offBad();
      offGood();
    });

    it('useServerEvent calls the latest handler and unsubscribes on unmount', () => {
      signIn();
      connectSocket();
      const first = jest.fn();
      const second = jest.fn();
      const { rerender, unmount } = renderHook(({ h }) => useServerEvent('notification:new', h), {
        initialProps: { h: first },
      });
      rerender({ h: second });
      act(() => last().fire('notification:new', 'x'));
      expect(first).not.toHaveBeenCalled();
      expect(second).toHaveBeenCalledWith('x');
      unmount();
      last().fire('notification:new', 'y');
      expect(second).toHaveBeenCalledTimes(1);
    });
  });
});
