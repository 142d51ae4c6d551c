import { OneLine, Tag, formatDateTime, formatDollars, type DataTableColumn } from '@backoffice/ui-kit';
import { TRANSACTION_STATUS_LABELS } from '@backoffice/shared-api';

/** What a row of the payment list and of the payout list both have (spec section 2). */
export interface PaymentListRow {
  displayName: string;
  preference: string;
  query: string;
  amount: number;
  payable_amount: number;
  platformFee: number;
  email: string;
  status: string;
  createdAt: string;
}

const STATUS_LABELS: Record<string, string> = {
  ...TRANSACTION_STATUS_LABELS,
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_COLOURS: Record<string, string> = {
  pending: 'gold',
  completed: 'green',
  approved: 'green',
  failed: 'red',
  rejected: 'red',
  refunded: 'purple',
};

export function PaymentStatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLOURS[status]}>{STATUS_LABELS[status] ?? status}</Tag>;
}

const money = <Row extends PaymentListRow>(
  key: string,
  title: string,
  value: (r: Row) => number,
): DataTableColumn<Row> => ({ key, title, sortable: true, align: 'right', render: (r) => formatDollars(value(r)) });

/**
 * The payment list's columns, in the spec's order: display name, preference, query, amount,
 * payable amount, platform fee (amount minus payable amount), email, payment status, created on.
 * The payout list labels the payable amount "Payout Amount". Keys are the server's sort names.
 */
export function paymentColumns<Row extends PaymentListRow>(
  payableLabel: 'Payable Amount' | 'Payout Amount',
): Array<DataTableColumn<Row>> {
  return [
    { key: 'displayName', title: 'Display Name', sortable: true, render: (r) => r.displayName || '-' },
    { key: 'preference', title: 'Preference', sortable: true, render: (r) => r.preference || '-' },
    {
      key: 'query',
      title: 'Query',
      sortable: true,
      render: (r) => (r.query ? <OneLine text={r.query} maxWidth={130} /> : '-'),
    },
    money<Row>('amount', 'Amount', (r) => r.amount),
    money<Row>('payableAmount', payableLabel, (r) => r.payable_amount),
    money<Row>('platformFee', 'Platform Fee', (r) => r.platformFee),
    { key: 'email', title: 'Email', sortable: true, render: (r) => <OneLine text={r.email} maxWidth={170} /> },
    { key: 'status', title: 'Payment Status', sortable: true, render: (r) => <PaymentStatusTag status={r.status} /> },
    { key: 'createdAt', title: 'Created On', sortable: true, render: (r) => formatDateTime(r.createdAt) },
  ];
}
