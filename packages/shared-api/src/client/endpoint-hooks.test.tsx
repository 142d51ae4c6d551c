import { Suspense, type ReactNode } from 'react';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, skipToken } from '@tanstack/react-query';
import { ApiError, readUrl, rememberFirstList } from '@backoffice/shared-api/runtime';
import { EVENTS, ROUTES } from '../contract/routes';
import {
  createQueryClient,
  prefetchFirstList,
  resourcesChangedBy,
  useEndpointList,
  useEndpointMutation,
  useEndpointQuery,
} from './endpoint-hooks';
import { subscribeLiveUpdates } from './live';
import { failure, fakeSocket, listReply, ok, resetClient, signIn, stubApi } from '../testing';

const FAN = '00000000-0000-4000-8000-000000000001';

function withClient() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('the generic hooks over the contract', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
    signIn();
  });
  afterEach(() => ctx.restore());

  it('reads an endpoint by name, cached under [name, query], and sends its query', async () => {
    const requests = stubApi((r) =>
      r.url === ROUTES.getFanDetail.path ? ok({ _id: FAN, userName: 'ann' }) : undefined,
    );
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useEndpointQuery('getFanDetail', { id: FAN }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ _id: FAN, userName: 'ann' }));
    expect(requests.map((r) => [r.method, r.url, r.params])).toEqual([['get', '/admin/getFanDetail', { id: FAN }]]);
    expect(client.getQueryData(['getFanDetail', { id: FAN }])).toEqual({ _id: FAN, userName: 'ann' });
  });

  it('asks nothing while the query is skipToken, and rejects with the server message', async () => {
    const requests = stubApi(() => failure(404, 'No fan with that id'));
    const { wrapper } = withClient();
    const { result, rerender } = renderHook(
      ({ id }: { id?: string }) => useEndpointQuery('getFanDetail', id ? { id } : skipToken),
      {
        wrapper,
        initialProps: {},
      },
    );
    expect(result.current.fetchStatus).toBe('idle');
    expect(requests).toHaveLength(0);
    rerender({ id: FAN });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.error?.message).toBe('No fan with that id');
    expect((result.current.error as ApiError).statusCode).toBe(404);
  });

  it('reads a page of a list with the list rule: rows and total', async () => {
    stubApi(() => listReply([{ _id: 'a' }, { _id: 'b' }], 12));
    const { wrapper } = withClient();
    const { result } = renderHook(() => useEndpointList('getAllFans', { page: 2, limit: 2 }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ data: [{ _id: 'a' }, { _id: 'b' }], total: 12 }));
  });

  describe('a list page is asked for as the list renders, not once its screen has committed', () => {
    const never = new Promise<never>(() => undefined);
    /** A part of the screen still loading: the screen renders, but does not commit (no effect runs). */
    function StillLoading(): ReactNode {
      throw never;
    }
    const screenWith = (List: () => null) => (
      <Suspense fallback={null}>
        <List />
        <StillLoading />
      </Suspense>
    );

    it('a list in the cache by default: its request leaves during the render', async () => {
      const requests = stubApi(() => listReply([{ _id: FAN }], 1));
      const { client, wrapper } = withClient();
      function Fans() {
        useEndpointList('getAllFans', { page: 1, limit: 10 });
        return null;
      }
      render(screenWith(Fans), { wrapper });
      await waitFor(() => expect(requests.map((r) => r.url)).toEqual(['/admin/getAllFans']));
      await waitFor(() => expect(client.getQueryData(['getAllFans', { page: 1, limit: 10 }])).toBeDefined());
    });

    it('a list read afresh on every visit (its own staleTime) waits for its mount, as before', async () => {
      const requests = stubApi(() => listReply([{ _id: FAN }], 1));
      const { wrapper } = withClient();
      function Sessions() {
        useEndpointList('getSessions', {}, { staleTime: 0 });
        return null;
      }
      render(screenWith(Sessions), { wrapper });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests).toEqual([]);
    });
  });

  it("puts the list an address read first last time in the cache: the list's first render has its rows, read once", async () => {
    const requests = stubApi((r) => (r.url === ROUTES.getAllFans.path ? listReply([{ _id: FAN }]) : undefined));
    const query = { page: 1, limit: 10, sortBy: 'createdAt' as const, sortOrder: 'desc' as const };
    rememberFirstList('/app/fans', readUrl(ROUTES.getAllFans.path, query), { endpoint: 'getAllFans', query });
    const { client, wrapper } = withClient();
    prefetchFirstList(client, '/app/influencers');
    expect(requests).toHaveLength(0);
    prefetchFirstList(client, '/app/fans');
    await waitFor(() => expect(client.getQueryData(['getAllFans', query])).toBeDefined());
    const { result } = renderHook(() => useEndpointList('getAllFans', { ...query }), { wrapper });
    expect(result.current.data?.data).toEqual([{ _id: FAN }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(requests).toHaveLength(1);
  });

  it('prefetches nothing for an endpoint that is not a list, or one the contract does not know', () => {
    const requests = stubApi(() => ok({}));
    const { client } = withClient();
    rememberFirstList('/app', '/api/v1/dashboard/getSummary', { endpoint: 'getDashboard', query: {} });
    rememberFirstList('/app/x', '/api/v1/x', { endpoint: '__proto__', query: {} });
    prefetchFirstList(client, '/app');
    prefetchFirstList(client, '/app/x');
    expect(requests).toHaveLength(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('changes through an endpoint, resolves data and the server message, and refreshes what its events change', async () => {
    let status = '1';
    const requests = stubApi((r) => {
      if (r.url === ROUTES.changeStatus.path) {
        status = r.params.status;
        return ok({ _id: FAN, status }, 'Account deactivated');
      }
      if (r.url === ROUTES.getAllFans.path) return listReply([{ _id: FAN, status }]);
      if (r.url === ROUTES.getAllPaymentMethods.path) return listReply([]);
      return undefined;
    });
    const { wrapper } = withClient();
    const { result } = renderHook(
      () => ({
        fans: useEndpointList('getAllFans', { page: 1, limit: 10 }),
        methods: useEndpointList('getAllPaymentMethods', { page: 1, limit: 10 }),
        change: useEndpointMutation('changeStatus'),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.fans.data?.data).toEqual([{ _id: FAN, status: '1' }]));
    let saved: unknown;
    await act(async () => {
      saved = await result.current.change.mutateAsync({ query: { id: FAN, status: '0' } });
    });
    expect(saved).toEqual({ data: { _id: FAN, status: '0' }, message: 'Account deactivated' });
    // Refreshed before the change resolved; a list of another resource was not asked again.
    expect(result.current.fans.data?.data).toEqual([{ _id: FAN, status: '0' }]);
    expect(requests.filter((r) => r.url === ROUTES.getAllFans.path)).toHaveLength(2);
    expect(requests.filter((r) => r.url === ROUTES.getAllPaymentMethods.path)).toHaveLength(1);
  });

  it('rejects a refused change with the ApiError naming the refused fields', async () => {
    stubApi(() => failure(409, 'That email belongs to another account', { email: 'Taken' }));
    const { wrapper } = withClient();
    const { result } = renderHook(() => useEndpointMutation('updateUserProfile'), { wrapper });
    const refused = await result.current.mutateAsync({ query: { id: FAN }, body: { email: 'a@b.c' } }).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ statusCode: 409, errors: { email: 'Taken' } });
  });

  it("knows what a change refreshes from the contract's events", () => {
    expect(resourcesChangedBy('changeStatus')).toEqual(EVENTS.userUpdated.invalidates);
    expect(resourcesChangedBy('getAllFans')).toEqual([]);
    expect(resourcesChangedBy('decideRequest')).toEqual(
      expect.arrayContaining(['requests', 'people', 'dashboard', 'audit']),
    );
  });
});

/** A list page as the server answers it, read at 10 000 by its clock. */
const listReadAt10s = () => ({
  status: 200,
  data: { statusCode: 200, message: 'List', data: [{ _id: FAN }], total: 1 },
  headers: { 'x-read-at': '10000' },
});

describe('live updates: the one subscriber', () => {
  let ctx: ReturnType<typeof resetClient>;
  let socket: ReturnType<typeof fakeSocket>;
  beforeEach(() => {
    ctx = resetClient();
    signIn();
    socket = fakeSocket();
  });
  afterEach(() => {
    socket.stop();
    ctx.restore();
  });

  it("refreshes what an event changes, when another admin's change is announced, and nothing else", async () => {
    let status = '1';
    const requests = stubApi((r) => {
      if (r.url === ROUTES.getAllFans.path) return listReply([{ _id: FAN, status }]);
      if (r.url === ROUTES.getAllCalls.path) return listReply([]);
      return undefined;
    });
    const { client, wrapper } = withClient();
    const stop = subscribeLiveUpdates(client);
    const { result } = renderHook(
      () => ({
        fans: useEndpointList('getAllFans', { page: 1, limit: 10 }),
        calls: useEndpointList('getAllCalls', { page: 1, limit: 10 }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.fans.data?.data).toEqual([{ _id: FAN, status: '1' }]));
    await waitFor(() => expect(result.current.calls.data).toBeDefined());
    status = '0';
    act(() => socket.serverSends(EVENTS.userUpdated.name, { _id: FAN }));
    await waitFor(() => expect(result.current.fans.data?.data).toEqual([{ _id: FAN, status: '0' }]));
    expect(requests.filter((r) => r.url === ROUTES.getAllCalls.path)).toHaveLength(1);

    // Each (re)authentication refreshes everything open: what happened meanwhile was not pushed.
    act(() => socket.serverSends('authenticated', { availabilityStatus: '1' }));
    await waitFor(() => expect(requests.filter((r) => r.url === ROUTES.getAllCalls.path)).toHaveLength(2));
    stop();
    act(() => socket.serverSends(EVENTS.userUpdated.name, { _id: FAN }));
    await new Promise((r) => setTimeout(r, 20));
    expect(requests.filter((r) => r.url === ROUTES.getAllFans.path)).toHaveLength(3);
  });

  it.each([
    ['went out before every read: nothing is read again', 5_000, 1],
    ["went out within the clocks' margin of the oldest read: it is read again", 9_500, 2],
    ['went out after a read: it is read again', 12_000, 2],
  ])(
    "on the page's first authentication, when the last event %s; a later one always reads again",
    async (_, lastEventAt, reads) => {
      // Read at 10 000 and 11 000 by the server's clock.
      let readAt = 10_000;
      const requests = stubApi((r) =>
        r.url === ROUTES.getAllFans.path
          ? {
              status: 200,
              data: { statusCode: 200, message: 'List', data: [{ _id: FAN }], total: 1 },
              headers: { 'x-read-at': String((readAt += 1000) - 1000) },
            }
          : undefined,
      );
      const { client, wrapper } = withClient();
      const stop = subscribeLiveUpdates(client);
      const fansRead = () => requests.filter((r) => r.url === ROUTES.getAllFans.path).length;
      const { result } = renderHook(
        () => [
          useEndpointList('getAllFans', { page: 1, limit: 10 }),
          useEndpointList('getAllFans', { page: 2, limit: 10 }),
        ],
        { wrapper },
      );
      await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
      act(() => socket.serverSends('authenticated', { availabilityStatus: '1', lastEventAt }));
      // Time for a read again to be sent, so that "read once" is not met before it would be.
      await new Promise((r) => setTimeout(r, 20));
      await waitFor(() => expect(fansRead()).toBe(reads * 2));
      // A reconnection: what went out during the drop was not heard, whatever the clocks say.
      act(() => socket.serverSends('authenticated', { availabilityStatus: '1', lastEventAt: 0 }));
      await waitFor(() => expect(fansRead()).toBe(reads * 2 + 2));
      stop();
    },
  );

  it.each([
    ['went out after it began: it is read again once it lands', 12_000, 2],
    ['went out before it began: it is not read twice', 5_000, 1],
  ])('a first read under way when the socket authenticates, when the last event %s', async (_, lastEventAt, reads) => {
    let land: () => void = () => undefined;
    const requests = stubApi(async (r) => {
      if (r.url !== ROUTES.getAllFans.path) return undefined;
      // Only the first reply waits: the socket authenticates while it is on its way.
      if (requests.filter((x) => x.url === r.url).length === 1) await new Promise<void>((go) => (land = go));
      return listReadAt10s();
    });
    const { client, wrapper } = withClient();
    const stop = subscribeLiveUpdates(client);
    const fansRead = () => requests.filter((r) => r.url === ROUTES.getAllFans.path).length;
    const { result } = renderHook(() => useEndpointList('getAllFans', { page: 1, limit: 10 }), { wrapper });
    await waitFor(() => expect(fansRead()).toBe(1));
    act(() => socket.serverSends('authenticated', { availabilityStatus: '1', lastEventAt }));
    act(() => land());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // Time for a read again to be sent, so that "read once" is not met before it would be.
    await new Promise((r) => setTimeout(r, 20));
    await waitFor(() => expect(fansRead()).toBe(reads));
    stop();
  });

  it('a read under way when the socket first authenticates does not make the landed, current ones read again', async () => {
    let land: () => void = () => undefined;
    const requests = stubApi(async (r) => {
      if (r.url === ROUTES.getAllCalls.path && requests.filter((x) => x.url === r.url).length === 1)
        await new Promise<void>((go) => (land = go));
      if (r.url !== ROUTES.getAllFans.path && r.url !== ROUTES.getAllCalls.path) return undefined;
      return listReadAt10s();
    });
    const { client, wrapper } = withClient();
    const stop = subscribeLiveUpdates(client);
    const readsOf = (path: string) => requests.filter((r) => r.url === path).length;
    const { result } = renderHook(
      () => ({
        fans: useEndpointList('getAllFans', { page: 1, limit: 10 }),
        calls: useEndpointList('getAllCalls', { page: 1, limit: 10 }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.fans.isSuccess).toBe(true));
    await waitFor(() => expect(readsOf(ROUTES.getAllCalls.path)).toBe(1));
    // The fans' page has landed, current; the calls' is on its way; the last event predates both.
    act(() => socket.serverSends('authenticated', { availabilityStatus: '1', lastEventAt: 5_000 }));
    act(() => land());
    await waitFor(() => expect(result.current.calls.isSuccess).toBe(true));
    // Time for a read again to be sent, so that "read once" is not met before it would be.
    await new Promise((r) => setTimeout(r, 20));
    expect(readsOf(ROUTES.getAllFans.path)).toBe(1);
    expect(readsOf(ROUTES.getAllCalls.path)).toBe(1);
    stop();
  });

  it('reads again on the first authentication when a read came without its time', async () => {
    const requests = stubApi((r) => (r.url === ROUTES.getAllFans.path ? listReply([{ _id: FAN }]) : undefined));
    const { client, wrapper } = withClient();
    const stop = subscribeLiveUpdates(client);
    const { result } = renderHook(() => useEndpointList('getAllFans', { page: 1, limit: 10 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => socket.serverSends('authenticated', { availabilityStatus: '1', lastEventAt: 0 }));
    await waitFor(() => expect(requests.filter((r) => r.url === ROUTES.getAllFans.path)).toHaveLength(2));
    stop();
  });

  it('subscribes a client once however many providers ask', () => {
    const { client } = withClient();
    const spy = jest.spyOn(client, 'invalidateQueries');
    const stops = [subscribeLiveUpdates(client), subscribeLiveUpdates(client)];
    act(() => socket.serverSends(EVENTS.paymentMethodUpdated.name, { _id: FAN }));
    expect(spy).toHaveBeenCalledTimes(1);
    stops[0]!();
    act(() => socket.serverSends(EVENTS.paymentMethodUpdated.name, { _id: FAN }));
    expect(spy).toHaveBeenCalledTimes(2);
    stops[1]!();
    act(() => socket.serverSends(EVENTS.paymentMethodUpdated.name, { _id: FAN }));
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
