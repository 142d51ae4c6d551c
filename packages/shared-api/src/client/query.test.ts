import { createQueryClient, queryKeys } from './query';
import { ApiError } from './http';

describe('query', () => {
  it('createQueryClient: one retry, no refetch on focus, 30 s fresh', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.staleTime).toBe(30_000);
    const retry = q.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new Error('Network error'))).toBe(true);
    expect(retry(1, new Error('Network error'))).toBe(false);
    expect(retry(0, new ApiError({ statusCode: 503, message: 'down' }))).toBe(true);
    // A 4xx will answer the same the second time.
    expect(retry(0, new ApiError({ statusCode: 400, message: 'bad' }))).toBe(false);
  });

  it('keys start with their area', () => {
    const params = { page: 2, limit: 10 };
    expect(queryKeys.fans.list(params)).toEqual(['fans', 'list', params]);
    expect(queryKeys.fans.detail('f1')).toEqual(['fans', 'detail', 'f1']);
    expect(queryKeys.fans.details('f1', { tab: 'refunds', page: 3 })).toEqual([
      'fans',
      'details',
      'f1',
      { tab: 'refunds', page: 3 },
    ]);
    expect(queryKeys.redemptions.list({ page: 1 })).toEqual(['redemptions', 'list', { page: 1 }]);
  });
});
