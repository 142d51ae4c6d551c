import { useEffect, type ReactNode } from 'react';
import { markScreenDrawn } from '@backoffice/shared-api/runtime';
import { Flex, Typography } from '@backoffice/ui-kit/antd';
import { Card } from './Card';
import { DataTable, type DataTableColumn, type DataTableSortOrder } from './DataTable';
import { PageBreadcrumb, type PageBreadcrumbItem } from './PageBreadcrumb';
import { Pager, type ListTotalIs } from './Pager';
import { ErrorState } from './states';
import { useLinkTo } from './controllers/useLinkTo';

/** What a list screen shows of its controller (useListController returns all of it). */
export interface ListScreenState<Row> {
  rows: Row[] | undefined;
  total: number;
  /** Not exact: an estimate or a lower bound (see Pager). */
  totalIs?: ListTotalIs;
  loading: boolean;
  error: string | undefined;
  retry: () => void;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  sortBy: string;
  sortOrder: DataTableSortOrder;
  setSort: (sortBy: string, sortOrder: DataTableSortOrder) => void;
}

export interface ListScreenProps<Row> {
  /** The card's heading, the table's caption and, unless `crumb` is given, the breadcrumb's last crumb. */
  title: string;
  /** The breadcrumb's name for the screen, when it is shorter than the title (the menu's word). */
  crumb?: string;
  /** Crumbs between Dashboard and this screen, for a screen reached from another (Setting → Audit log). */
  trail?: PageBreadcrumbItem[];
  list: ListScreenState<Row>;
  columns: Array<DataTableColumn<Row>>;
  rowKey: (row: Row) => string;
  /** Shown instead of the table when the list cannot be loaded (with Retry). */
  errorTitle: string;
  /** The card header's right side: the search box, a status filter, an Add button. */
  extra?: ReactNode;
  /** Between the header and the table: filters, an export, an alert. */
  toolbar?: ReactNode;
  /** After the card: dialogs the screen opens. */
  children?: ReactNode;
}

/**
 * The one layout of every list screen (react-admin's `List`): breadcrumb from Dashboard, a titled
 * card, the table with its numbered pager, and the error state with Retry in place of the table.
 */
export function ListScreen<Row>({
  title,
  crumb = title,
  trail = [],
  list,
  columns,
  rowKey,
  errorTitle,
  extra,
  toolbar,
  children,
}: ListScreenProps<Row>) {
  // Rows (or the error) are on screen: what the page fetches next, the live updates, may start.
  useEffect(() => {
    if (!list.loading) markScreenDrawn();
  }, [list.loading]);
  const link = useLinkTo();
  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb items={[{ title: 'Dashboard', to: link('dashboard') }, ...trail, { title: crumb }]} />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        }
        extra={extra}
      >
        <Flex vertical gap="middle">
          {toolbar}
          {list.error ? (
            <ErrorState title={errorTitle} message={list.error} onRetry={list.retry} />
          ) : (
            <DataTable<Row>
              caption={title}
              columns={columns}
              rows={list.rows}
              rowKey={rowKey}
              loading={list.loading}
              skeletonRows={list.pageSize}
              sort={{ sortBy: list.sortBy, sortOrder: list.sortOrder }}
              onSortChange={list.setSort}
              footer={
                <Pager
                  variant="numbered"
                  page={list.page}
                  pageSize={list.pageSize}
                  total={list.total}
                  totalIs={list.totalIs}
                  onChange={list.setPage}
                />
              }
            />
          )}
        </Flex>
      </Card>
      {children}
    </Flex>
  );
}
