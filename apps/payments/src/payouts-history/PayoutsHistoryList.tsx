import { ListScreen, SearchBox, formatDateTime, formatDollars, type DataTableColumn } from '@backoffice/ui-kit';
import type { PayoutRow } from '@backoffice/shared-api';
import { adminName } from '../payment-list/adminName';
import { usePayoutsHistoryController } from './usePayoutsHistoryController';

/** Keys are the server's sort names; Approved By has none, so it does not sort. */
const COLUMNS: Array<DataTableColumn<PayoutRow>> = [
  { key: 'displayName', title: 'Display Name', sortable: true, render: (r) => r.displayName || r.name || '-' },
  { key: 'email', title: 'Email', sortable: true },
  { key: 'amount', title: 'Payout Amount', sortable: true, align: 'right', render: (r) => formatDollars(r.amount) },
  { key: 'reference', title: 'Reference', sortable: true, render: (r) => r.reference || '-' },
  { key: 'approvedBy', title: 'Approved By', render: (r) => adminName(r.approvedBy) },
  { key: 'approvedAt', title: 'Approved On', sortable: true, render: (r) => formatDateTime(r.approvedAt) },
  { key: 'paidAt', title: 'Paid On', sortable: true, render: (r) => formatDateTime(r.paidAt) },
];

/** Payouts history: every payout made, latest first; search, sort and page kept in the URL. */
export function PayoutsHistoryList() {
  const c = usePayoutsHistoryController();
  return (
    <ListScreen<PayoutRow>
      title="Payouts history"
      list={c}
      columns={COLUMNS}
      rowKey={(r) => r._id}
      errorTitle="Payouts could not be loaded"
      extra={<SearchBox placeholder="Search by name, email or reference" value={c.search} onSearch={c.setSearch} />}
    />
  );
}
