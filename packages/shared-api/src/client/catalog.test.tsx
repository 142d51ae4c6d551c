import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { SENDER_NAME_PLACEHOLDER, notificationText } from '../constants/catalog';
import { SOCKET_EVENTS } from '../constants/realtime';
import { API_PATHS } from '../constants/paths';
import type { Reply } from '../contract/common';
import { useUnreadNotificationCount } from './catalog';
import { createQueryClient } from './query';
import { listResultOf } from './reads';
import { session } from './session';

import { fakeSocket, ok, resetClient, signIn, stubApi, type StubReply } from './test-utils';

const sender = (displayName: string, userName = 'jane.doe') => ({ displayName, userName });

describe('notificationText', () => {
  it("puts the sender's display name in place of every placeholder", () => {
    expect(SENDER_NAME_PLACEHOLDER).toBe('{{senderName}}');
    expect(notificationText({ description: '{{senderName}} applied…', userDetails: sender('Jane Doe') })).toBe(
      'Jane Doe applied…',
    );
    expect(
      notificationText({
        description: 'Call from {{ senderName }} to you; {{senderName}} paid',
        userDetails: sender('Jane Doe'),
      }),
    ).toBe('Call from Jane Doe to you; Jane Doe paid');
  });

  it('falls back to @userName for a blank display name, and to Someone with no sender', () => {
    expect(notificationText({ description: '{{senderName}} applied…', userDetails: sender('  ', 'jd') })).toBe(
      '@jd applied…',
    );
    expect(notificationText({ description: '{{senderName}} applied…', userDetails: null })).toBe('Someone applied…');
    expect(notificationText({ description: '{{senderName}} applied…', userDetails: sender('', '') })).toBe(
      'Someone applied…',
    );
  });

  it('inserts a name holding replacement patterns such as $& exactly as written', () => {
    expect(notificationText({ description: '{{senderName}} applied…', userDetails: sender('A$&B $1') })).toBe(
      'A$&B $1 applied…',
    );
  });

  it('leaves a description without the placeholder, and other placeholders, as they are', () => {
    expect(notificationText({ description: 'Backup finished', userDetails: null })).toBe('Backup finished');
    expect(notificationText({ description: 'Hi {{firstName}}', userDetails: sender('Jane') })).toBe('Hi {{firstName}}');
  });
});

describe('listResultOf', () => {
  const reply = (data: unknown, total: unknown): Reply<string[]> =>
    ({ statusCode: 200, message: 'List', data, total }) as Reply<string[]>;

  it('keeps a well-formed page as it is', () => {
    expect(listResultOf(reply(['a', 'b'], 12))).toEqual({ data: ['a', 'b'], total: 12 });
  });

  it.each([[undefined], [null], [{ rows: ['a'] }], ['a,b'], [3]])('reads data %p as an empty list', (data) => {
    expect(listResultOf(reply(data, 4)).data).toEqual([]);
  });

  it.each([[undefined], [null], ['lots'], [Number.NaN], [Infinity], [-3], [{}]])('reads total %p as 0', (total) => {
    expect(listResultOf(reply(['a'], total)).total).toBe(0);
  });

  it('takes a numeric string or a fractional count as the number it holds', () => {
    expect(listResultOf(reply([], '42')).total).toBe(42);
    expect(listResultOf(reply([], 7.9)).total).toBe(7);
  });
});

describe('useUnreadNotificationCount', () => {
  let ctx: ReturnType<typeof resetClient>;
  let unread: number;
  let countReply: () => StubReply | Promise<StubReply>;
  let requests: ReturnType<typeof stubApi>;
  let socket: ReturnType<typeof fakeSocket>;
  const serverSends = (event: string, payload: unknown) => socket.serverSends(event, payload);
  const counts = () => requests.filter((r) => r.url === API_PATHS.getUnreadNotificationCount).length;

  function render() {
    const client = createQueryClient();
    const Wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useUnreadNotificationCount(), { wrapper: Wrapper });
  }

  beforeEach(() => {
    ctx = resetClient();
    signIn();
    unread = 0;
    countReply = () => ok({ unReadCount: unread });
    requests = stubApi((config) => (config.url === API_PATHS.getUnreadNotificationCount ? countReply() : undefined));
    socket = fakeSocket();
  });

  afterEach(() => {
    socket.stop();
    ctx.restore();
  });

  it("keeps the server's count in the session's notification group", async () => {
    unread = 3;
    const { result } = render();
    await waitFor(() => expect(result.current).toBe(3));
    expect(session.getState().notification.unReadCount).toBe(3);
  });

  it('asks nothing while signed out', async () => {
    session.logout('', { silent: true });
    unread = 3;
    const { result } = render();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(counts()).toBe(0);
    expect(result.current).toBe(0);
  });

  it('takes the count a notification:read event carries, before the server is asked again', async () => {
    unread = 5;
    const { result } = render();
    await waitFor(() => expect(result.current).toBe(5));

    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    countReply = async () => {
      await answered;
      return ok({ unReadCount: unread });
    };
    unread = 2;
    act(() => serverSends(SOCKET_EVENTS.notificationsRead, { _id: 'n1', unReadCount: 2 }));
    expect(result.current).toBe(2);
    expect(session.getState().notification.unReadCount).toBe(2);
    await waitFor(() => expect(counts()).toBe(2));

    // A payload without a count changes nothing by itself; the refetch it causes does.
    unread = 1;
    act(() => serverSends(SOCKET_EVENTS.notificationsRead, { _id: 'n2' }));
    expect(result.current).toBe(2);
    await act(async () => answer());
    await waitFor(() => expect(result.current).toBe(1));
  });

  it('asks the server again when a notification:new arrives', async () => {
    unread = 1;
    const { result } = render();
    await waitFor(() => expect(result.current).toBe(1));
    unread = 2;
    act(() => serverSends(SOCKET_EVENTS.notificationCreated, { _id: 'n3', description: 'x', userDetails: null }));
    await waitFor(() => expect(result.current).toBe(2));
  });

  it('is reset to 0 by logout, and an answer arriving after logout does not bring it back', async () => {
    unread = 4;
    const { result } = render();
    await waitFor(() => expect(result.current).toBe(4));

    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    countReply = async () => {
      await answered;
      return ok({ unReadCount: 6 });
    };
    act(() => serverSends(SOCKET_EVENTS.notificationCreated, { _id: 'n4', description: 'x', userDetails: null }));
    await waitFor(() => expect(counts()).toBe(2));
    act(() => session.logout('', { silent: true }));
    expect(result.current).toBe(0);
    expect(session.getState().notification).toEqual({
      notification: [],
      totalRecords: 0,
      currentPage: 1,
      unReadCount: 0,
    });
    await act(async () => answer());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(result.current).toBe(0);
  });

  it('shows the count again after signing back in, even when the server says the same number', async () => {
    unread = 4;
    const { result } = render();
    await waitFor(() => expect(result.current).toBe(4));
    act(() => session.logout('', { silent: true }));
    expect(result.current).toBe(0);
    act(() => signIn());
    await waitFor(() => expect(result.current).toBe(4));
  });
});
