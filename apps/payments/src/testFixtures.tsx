/** Shared by the payments remote's tests: the screens nested as the shell nests them, and its rows. */
export { bodyOf, failure, listReply, ok, stubApi, type Handler } from '@backoffice/shared-api/testing';
export { buttonIn, expectRetryRecovers, headers, rowOf } from '@backoffice/ui-kit/testing';
import { Route, type InitialEntry } from 'react-router-dom';
import { renderInApp } from '@backoffice/ui-kit/testing';
import { type PaymentMethod, type PayoutRequestRow, type PayoutRow, type TransactionRow } from '@backoffice/shared-api';
import TransactionsScreen from './transactions/TransactionsScreen';
import PayoutRequestsScreen from './payout-requests/PayoutRequestsScreen';
import PayoutsHistoryScreen from './payouts-history/PayoutsHistoryScreen';
import PaymentMethodsScreen from './payment-methods/PaymentMethodsScreen';

export const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
export const ADA = { _id: uuid(900), firstName: 'Ada', lastName: 'Admin' };
export const BOB = { _id: uuid(901), firstName: 'Bob', lastName: 'Other' };

/** A transaction as the server sends it: the platform fee is amount minus payable amount. */
export const transaction = (i: number, overrides: Partial<TransactionRow> = {}): TransactionRow => ({
  _id: uuid(i),
  transactionId: `txn_${i}`,
  orderId: `order_${i}`,
  videoCallId: uuid(100 + i),
  userId: uuid(200 + i),
  name: `Fan ${i} Lee`,
  displayName: `Fan ${i}`,
  email: `fan${i}@example.com`,
  preference: 'Video call',
  query: `Question ${i}`,
  type: 'video_call',
  status: 'completed',
  amount: 20,
  payable_amount: 17.5,
  platformFee: 2.5,
  hold_amount: 20,
  released_amount: 17.5,
  earning: 17.5,
  createdAt: '2026-01-02T03:04:00.000Z',
  ...overrides,
});

/** A pending payout request of $20.00, $17.50 of it to be paid out to the influencer. */
export const payoutRequest = (i: number, overrides: Partial<PayoutRequestRow> = {}): PayoutRequestRow => ({
  _id: uuid(i),
  influencerId: uuid(300 + i),
  name: `Jane Doe ${i}`,
  displayName: `Jane ${i}`,
  email: `jane${i}@example.com`,
  preference: 'Video call',
  query: `Payout ${i}`,
  amount: 20,
  payable_amount: 17.5,
  platformFee: 2.5,
  status: 'pending',
  reason: '',
  createdAt: '2026-01-02T03:04:00.000Z',
  decidedAt: null,
  decidedBy: null,
  approvalsNeeded: 1,
  approvals: [],
  payout: null,
  ...overrides,
});

export const payout = (i: number, overrides: Partial<PayoutRow> = {}): PayoutRow => ({
  _id: uuid(i),
  payoutRequestId: uuid(400 + i),
  influencerId: uuid(300 + i),
  name: `Jane Doe ${i}`,
  displayName: `Jane ${i}`,
  email: `jane${i}@example.com`,
  amount: 17.5,
  reference: `PAY-${1000 + i}`,
  paidAt: '2026-01-03T10:20:00.000Z',
  approvedAt: '2026-01-03T10:15:00.000Z',
  approvedBy: ADA,
  ...overrides,
});

export const paymentMethod = (i: number, overrides: Partial<PaymentMethod> = {}): PaymentMethod => ({
  _id: uuid(i),
  name: `Method ${i}`,
  isActive: true,
  createdAt: '2026-01-02T03:04:00.000Z',
  updatedAt: '2026-01-05T06:07:00.000Z',
  ...overrides,
});

/** The remote's four areas nested as the shell nests them (/app > area/*); `url()` is where it is now. */
export function renderPayments(entry: InitialEntry) {
  return renderInApp(
    entry,
    <>
      <Route path="transactions/*" element={<TransactionsScreen />} />
      <Route path="payouts-requests/*" element={<PayoutRequestsScreen />} />
      <Route path="payouts-history/*" element={<PayoutsHistoryScreen />} />
      <Route path="payment-methods/*" element={<PaymentMethodsScreen />} />
    </>,
  );
}
