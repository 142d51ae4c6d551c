import { formatDateTime, formatDollars, underscoresToSpaces } from '@backoffice/ui-kit';
import { Segmented } from '@backoffice/ui-kit/forms';
import { SectionTable } from './SectionTable';
import type { FanDetailRow, FinancialView, SectionBinding } from './useFanDetailController';

type TransactionRow = FanDetailRow<'transactions'>;
type RefundRow = FanDetailRow<'refunds'>;

export interface FinancialTabProps {
  view: FinancialView;
  onViewChange: (view: FinancialView) => void;
  transactions: SectionBinding<TransactionRow>;
  refunds: SectionBinding<RefundRow>;
}

export function FinancialTab({ view, onViewChange, transactions, refunds }: FinancialTabProps) {
  const toggle = (
    <Segmented<FinancialView>
      aria-label="Transactions or refunds"
      value={view}
      onChange={onViewChange}
      options={[
        { label: 'Transactions', value: 'transactions' },
        { label: 'Refunds', value: 'refunds' },
      ]}
    />
  );
  // Keyed by view, so the search box of one list never shows the other's text.
  return view === 'transactions' ? (
    <SectionTable<TransactionRow>
      key="transactions"
      title="Financial"
      extra={toggle}
      caption="Fan's transactions"
      searchPlaceholder="Search Transaction ID"
      emptyText="No transactions found."
      section={transactions}
      columns={[
        { key: 'transactionId', title: 'Transaction ID' },
        { key: 'orderId', title: 'Order ID', render: (t) => t.orderId || 'N/A' },
        { key: 'amount', title: 'Amount', align: 'right', render: (t) => formatDollars(t.amount) },
        { key: 'createdAt', title: 'Created At', render: (t) => formatDateTime(t.createdAt) },
      ]}
    />
  ) : (
    <SectionTable<RefundRow>
      key="refunds"
      title="Financial"
      extra={toggle}
      caption="Fan's refunds"
      searchPlaceholder="Search Order ID"
      emptyText="No refunds found."
      section={refunds}
      columns={[
        { key: 'orderId', title: 'Order ID' },
        { key: 'amount', title: 'Amount', align: 'right', render: (r) => formatDollars(r.amount) },
        { key: 'transfer_to', title: 'Transfer To', render: (r) => underscoresToSpaces(r.transfer_to) },
        { key: 'status', title: 'Status' },
        { key: 'createdAt', title: 'Created At', render: (r) => formatDateTime(r.createdAt) },
      ]}
    />
  );
}
