import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor, act } from '@testing-library/react';
import { peopleApi, useChangeUserStatus, useFansList } from './people';
import { createQueryClient } from './query';
import { resetClient, signIn, stubHttp } from './test-utils';

const FAN = {
  _id: 'f1',
  userName: 'fan1',
  displayName: 'Fan One',
  email: 'fan1@example.com',
  firstName: 'Fan',
  lastName: 'One',
  status: '1',
  createdAt: '2024-01-01T00:00:00.000Z',
};

function wrapper() {
  const client = createQueryClient();
  // Retries would only slow the error cases down here.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, Wrapper };
}

describe('people', () => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
    signIn();
  });
  afterEach(() => ctx.restore());

  it('peopleApi calls the spec paths with their query parameters, empty ones left out', async () => {
    const requests = stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK', data: {} } }));
    await peopleApi.getAllFans({ page: 1, limit: 10, search: '', sortBy: 'createdAt', sortOrder: 'desc' });
    await peopleApi.getFanDetail('f1');
    await peopleApi.getFanDetails('f1', { tab: 'transactions', page: 2, limit: 10, search: '' });
    await peopleApi.changeStatus('f1', '0');
    expect(requests.map((r) => [r.method, r.url, r.params])).toEqual([
      ['get', '/admin/getAllFans', { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' }],
      ['get', '/admin/getFanDetail', { id: 'f1' }],
      ['get', '/admin/getFanDetails', { tab: 'transactions', page: 2, limit: 10, id: 'f1' }],
      ['patch', '/admin/changeStatus', { id: 'f1', status: '0' }],
    ]);
  });

  it('useFansList returns the rows and total', async () => {
    stubHttp(() => ({ status: 200, data: { statusCode: 200, message: 'OK', data: [FAN], total: 31 } }));
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useFansList({ page: 1, limit: 10 }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ data: [FAN], total: 31 });
  });

  it("useFansList fails with the server's message on a non-200 reply", async () => {
    stubHttp(() => ({ status: 400, data: { statusCode: 400, message: 'limit must be <= 100' } }));
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => useFansList({ page: 1, limit: 500 }), { wrapper: Wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('limit must be <= 100');
  });

  it('useFansList keeps the previous page on screen while the next loads', async () => {
    let release: () => void = () => undefined;
    stubHttp((config) =>
      config.params?.page === 1
        ? { status: 200, data: { statusCode: 200, message: 'OK', data: [FAN], total: 11 } }
        : new Promise((resolve) => {
            release = () => resolve({ status: 200, data: { statusCode: 200, message: 'OK', data: [], total: 11 } });
          }),
    );
    const { Wrapper } = wrapper();
    const { result, rerender } = renderHook(({ page }) => useFansList({ page, limit: 10 }), {
      wrapper: Wrapper,
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.data).toEqual([FAN]);
    act(() => release());
    await waitFor(() => expect(result.current.data?.data).toEqual([]));
  });

  it('useChangeUserStatus refetches the fans queries on success', async () => {
    const requests = stubHttp((config) =>
      config.method === 'patch'
        ? { status: 200, data: { statusCode: 200, message: 'Status updated', data: { _id: 'f1', status: '0' } } }
        : { status: 200, data: { statusCode: 200, message: 'OK', data: [FAN], total: 1 } },
    );
    const { Wrapper } = wrapper();
    const { result } = renderHook(() => ({ list: useFansList({ page: 1 }), change: useChangeUserStatus() }), {
      wrapper: Wrapper,
    });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    const reply = await act(() => result.current.change.mutateAsync({ id: 'f1', status: '0' }));
    expect(reply.message).toBe('Status updated');
    expect(requests.filter((r) => r.url === '/admin/getAllFans')).toHaveLength(2);
  });

  it('useChangeUserStatus rejects with the server message and refetches nothing on failure', async () => {
    const requests = stubHttp(() => ({ status: 404, data: { statusCode: 404, message: 'User not found' } }));
    const { client, Wrapper } = wrapper();
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    const { result } = renderHook(() => useChangeUserStatus(), { wrapper: Wrapper });
    await act(() => expect(result.current.mutateAsync({ id: 'nope', status: '1' })).rejects.toThrow('User not found'));
    expect(invalidate).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
  });
});
