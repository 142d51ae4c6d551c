import { deferredSocket } from './deferredSocket';
import type { SocketLike } from './socket';

function fakeSocket() {
  const calls: string[] = [];
  const socket: SocketLike = {
    id: 'real-id',
    on: (event) => calls.push(`on ${event}`),
    off: (event) => calls.push(`off ${event}`),
    emit: (event, ...args) => calls.push(`emit ${event} ${JSON.stringify(args)}`),
    disconnect: () => calls.push('disconnect'),
  };
  return { socket, calls };
}

function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('a socket whose client library arrives later', () => {
  it('replays the calls made meanwhile on the real socket, in order, then passes calls straight on', async () => {
    const { socket, calls } = fakeSocket();
    const load = later<SocketLike>();
    const proxy = deferredSocket(load.promise);
    const listener = () => undefined;
    proxy.on('connect', listener);
    proxy.emit('authenticate', { token: 't' });
    proxy.off('connect', listener);
    expect(proxy.id).toBeUndefined();
    expect(calls).toEqual([]);

    load.resolve(socket);
    await flush();
    expect(calls).toEqual(['on connect', 'emit authenticate [{"token":"t"}]', 'off connect']);
    expect(proxy.id).toBe('real-id');
    proxy.on('adminUpdated', listener);
    expect(calls.at(-1)).toBe('on adminUpdated');
  });

  it('closes the real socket at once when it was closed before it arrived, replaying nothing', async () => {
    const { socket, calls } = fakeSocket();
    const load = later<SocketLike>();
    const proxy = deferredSocket(load.promise);
    proxy.on('connect', () => undefined);
    proxy.disconnect();
    load.resolve(socket);
    await flush();
    expect(calls).toEqual(['disconnect']);
  });

  it('says so when the client cannot be loaded, and calls on it do not throw', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = later<SocketLike>();
    const proxy = deferredSocket(load.promise);
    load.reject(new Error('chunk failed'));
    await flush();
    expect(() => proxy.emit('authenticate')).not.toThrow();
    expect(error).toHaveBeenCalledWith('The live-update client could not be loaded:', expect.any(Error));
    error.mockRestore();
  });
});
