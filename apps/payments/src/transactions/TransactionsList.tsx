import {
  Card,
  DataTable,
  ErrorState,
  Flex,
  PageBreadcrumb,
  Pager,
  SearchBox,
  Typography,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { TransactionRow } from '@backoffice/shared-api';
import { paymentColumns } from '../payment-list/paymentColumns';
import { TransactionFilters } from './TransactionFilters';
import { TransactionsExport } from './TransactionsExport';
import { useTransactionsListController } from './useTransactionsListController';

const COLUMNS: Array<DataTableColumn<TransactionRow>> = paymentColumns<TransactionRow>('Payable Amount');

/** Transactions (spec section 2, payment list): search, filters and sort kept in the URL; CSV export. */
export function TransactionsList() {
  const c = useTransactionsListController();
  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb items={[{ title: 'Dashboard', to: '..' }, { title: 'Transactions' }]} />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            Transactions
          </Typography.Title>
        }
        extra={
          <SearchBox placeholder="Search by name, email or transaction ID" value={c.search} onSearch={c.setSearch} />
        }
      >
        <Flex vertical gap="middle">
          <Flex justify="space-between" align="flex-start" gap="middle" wrap>
            <TransactionFilters
              status={c.status}
              type={c.type}
              from={c.from}
              to={c.to}
              onStatus={c.setStatus}
              onType={c.setType}
              onFrom={c.setFrom}
              onTo={c.setTo}
              hasFilters={c.hasFilters}
              onClear={c.clearFilters}
            />
            <TransactionsExport query={c.exportQuery} />
          </Flex>
          {c.error ? (
            <ErrorState title="Transactions could not be loaded" message={c.error} onRetry={c.retry} />
          ) : (
            <DataTable<TransactionRow>
              caption="Transactions"
              columns={COLUMNS}
              rows={c.rows}
              rowKey={(r) => r._id}
              loading={c.loading}
              sort={{ sortBy: c.sortBy, sortOrder: c.sortOrder }}
              onSortChange={c.setSort}
              footer={
                <Pager variant="numbered" page={c.page} pageSize={c.pageSize} total={c.total} onChange={c.setPage} />
              }
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
