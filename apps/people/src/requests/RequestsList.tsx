import { Link } from 'react-router-dom';
import {
  Card,
  DataTable,
  ErrorState,
  EyeOutlined,
  Flex,
  PageBreadcrumb,
  Pager,
  SearchBox,
  Segmented,
  Typography,
  formatDateTime,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { RequestRow } from '@backoffice/shared-api';
import { RequestStatusTag, STATUS_LABELS, fullName } from './RequestStatusTag';
import {
  REQUESTS_PAGE_SIZE,
  STATUS_FILTERS,
  useRequestsListController,
  type StatusFilter,
} from './useRequestsListController';

const STATUS_OPTIONS = STATUS_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All' : STATUS_LABELS[value],
}));

const sortable = (key: keyof RequestRow | 'name', title: string): DataTableColumn<RequestRow> => ({
  key,
  title,
  sortable: true,
});

/** Influencer requests list (spec section 2): the influencers' columns plus the requested-on date. */
export function RequestsList() {
  const list = useRequestsListController();
  const columns: Array<DataTableColumn<RequestRow>> = [
    { ...sortable('name', 'Name'), render: (r) => fullName(r) },
    sortable('userName', 'User Name'),
    sortable('displayName', 'Display Name'),
    sortable('email', 'Email'),
    { ...sortable('createdAt', 'Created On'), render: (r) => formatDateTime(r.createdAt) },
    { ...sortable('updatedAt', 'Requested On'), render: (r) => formatDateTime(r.updatedAt) },
    ...(list.showStatus
      ? [{ key: 'status', title: 'Status', render: (r: RequestRow) => <RequestStatusTag status={r.status} /> }]
      : []),
    {
      key: 'action',
      title: 'Action',
      render: (r) => (
        <Link to={`view/${r._id}`} state={list.linkState}>
          <EyeOutlined aria-hidden /> View
        </Link>
      ),
    },
  ];

  return (
    <Flex vertical gap="middle">
      <PageBreadcrumb items={[{ title: 'Dashboard', to: '..' }, { title: 'Requests' }]} />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            Influencer requests
          </Typography.Title>
        }
        extra={
          <Flex gap="small" wrap align="center">
            <Segmented<StatusFilter>
              aria-label="Request status"
              options={STATUS_OPTIONS}
              value={list.status}
              onChange={list.setStatus}
            />
            <SearchBox placeholder="Search by name or email" value={list.search} onSearch={list.setSearch} />
          </Flex>
        }
      >
        {list.error ? (
          <ErrorState title="Requests could not be loaded" message={list.error} onRetry={list.retry} />
        ) : (
          <DataTable<RequestRow>
            caption="Influencer requests"
            columns={columns}
            rows={list.rows}
            rowKey={(r) => r._id}
            loading={list.loading}
            sort={{ sortBy: list.sortBy, sortOrder: list.sortOrder }}
            onSortChange={list.setSort}
            footer={
              <Pager
                variant="numbered"
                page={list.page}
                pageSize={REQUESTS_PAGE_SIZE}
                total={list.total}
                onChange={list.setPage}
              />
            }
          />
        )}
      </Card>
    </Flex>
  );
}
