import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { useAuditLog } from './audit';
import {
  useCallsList,
  useDiscountCodesList,
  useEmailTemplatesList,
  useNotificationsList,
  useRedemptionsList,
} from './catalog';
import { usePaymentMethodsList, usePayoutRequestsList, usePayoutsList, useTransactionsList } from './payments';
import { useFansList, useInfluencersList, useRequestsList } from './people';
import { createQueryClient } from './query';
import { resetClient, signIn, stubApi, type StubReply } from './test-utils';

// Every list of the product, read through the one list rule (spec section 4, redemption history).
const LISTS: Array<[string, (query: never) => { data?: unknown; error: Error | null; isFetching: boolean }]> = [
  ['fans', useFansList],
  ['influencers', useInfluencersList],
  ['influencer requests', useRequestsList],
  ['video calls', useCallsList],
  ['transactions', useTransactionsList],
  ['payout requests', usePayoutRequestsList],
  ['payouts history', usePayoutsList],
  ['payment methods', usePaymentMethodsList],
  ['notifications', useNotificationsList],
  ['email templates', useEmailTemplatesList],
  ['discount codes', useDiscountCodesList],
  ['redemption history', useRedemptionsList],
  ['audit log', useAuditLog],
];

const QUERY = { page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' } as never;

function readList(useList: (query: never) => { data?: unknown; error: Error | null }, body: unknown) {
  stubApi(() => ({ status: 200, data: body }) as StubReply);
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useList(QUERY), { wrapper }).result;
}

describe.each(LISTS)('the %s list reads a 200 reply by the list rule', (_name, useList) => {
  let ctx: ReturnType<typeof resetClient>;
  beforeEach(() => {
    ctx = resetClient();
    signIn();
  });
  afterEach(() => ctx.restore());

  it.each([
    ['data an object, count not a number', { statusCode: 200, message: 'OK', data: {}, total: 'many' }, 0],
    ['data null, no count', { statusCode: 200, message: 'OK', data: null }, 0],
    ['data a string, no message', { statusCode: 200, data: 'nope', total: 3 }, 3],
    ['no data at all, a negative count', { statusCode: 200, message: 'OK', total: -4 }, 0],
  ])('%s: an empty list and the count as a number or 0, not an error', async (_case, body, total) => {
    const result = readList(useList, body);
    await waitFor(() => expect(result.current.data).toEqual({ data: [], total }));
    expect(result.current.error).toBeNull();
  });

  it('a count sent as text is read as a number', async () => {
    const result = readList(useList, { statusCode: 200, message: 'OK', data: [{ _id: 'a' }], total: '42' });
    await waitFor(() => expect(result.current.data).toEqual({ data: [{ _id: 'a' }], total: 42 }));
  });

  it('the spec’s nested shape (data.data records, data.total) reads the same', async () => {
    const result = readList(useList, { statusCode: 200, message: 'OK', data: { data: [{ _id: 'b' }], total: 7 } });
    await waitFor(() => expect(result.current.data).toEqual({ data: [{ _id: 'b' }], total: 7 }));
  });

  it('a non-200 reply without a message is an error reading "Unknown error"', async () => {
    stubApi(() => ({ status: 400, data: { statusCode: 400 } }) as StubReply);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useList(QUERY), { wrapper });
    await waitFor(() => expect(result.current.error?.message).toBe('Unknown error'));
  });
});
