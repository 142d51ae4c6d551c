import { Flex, ListScreen, SearchBox, type DataTableColumn } from '@backoffice/ui-kit';
import type { TransactionRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { paymentColumns } from '../payment-list/paymentColumns';
import { TransactionFilters } from './TransactionFilters';
import { TransactionTotals } from './TransactionTotals';
import { TransactionsExport } from './TransactionsExport';
import { useTransactionsListController } from './useTransactionsListController';

const COLUMNS: Array<DataTableColumn<TransactionRow>> = paymentColumns<TransactionRow>('Payable Amount');

/** Transactions (spec section 2, payment list): search, filters and sort kept in the URL; totals; CSV export. */
export function TransactionsList() {
  const c = useTransactionsListController();
  // Bulk names and emails leave only with a role that may export them.
  const canExport = useCan('payments.export');
  return (
    <ListScreen<TransactionRow>
      title="Transactions"
      list={c}
      columns={COLUMNS}
      rowKey={(r) => r._id}
      errorTitle="Transactions could not be loaded"
      extra={
        <SearchBox placeholder="Search by name, email or transaction ID" value={c.search} onSearch={c.setSearch} />
      }
      toolbar={
        <Flex vertical gap="small">
          <Flex justify="space-between" align="flex-start" gap="middle" wrap>
            <TransactionFilters
              status={c.status}
              type={c.type}
              range={c.range}
              onStatus={c.setStatus}
              onType={c.setType}
              hasFilters={c.hasFilters}
              onClear={c.clearFilters}
            />
            {canExport && <TransactionsExport query={c.exportQuery} />}
          </Flex>
          <TransactionTotals line={c.totals} />
        </Flex>
      }
    />
  );
}
