import { Link } from '@backoffice/ui-kit/router';
import {
  DateRangeFilter,
  EyeOutlined,
  FilterBar,
  Flex,
  ListScreen,
  SearchBox,
  Typography,
  formatCallDuration,
  formatDateTime,
  formatDollars,
  useLinkTo,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import { FilterSelect } from '@backoffice/ui-kit/forms';
import { CALL_STATUSES, type CallRow, type CallStatus, type UserRef } from '@backoffice/shared-api';
import { CallStatusTag } from './CallStatusTag';
import { useCallsListController } from './useCallsListController';

const STATUS_OPTIONS = CALL_STATUSES.map((value) => ({ value, label: value }));

/** A party as a row names them: the display name, and the user name under it. */
function Party({ user }: { user: UserRef }) {
  return (
    <Flex vertical>
      <span>{user.displayName || `@${user.userName}`}</span>
      {user.displayName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          @{user.userName}
        </Typography.Text>
      )}
    </Flex>
  );
}

const money = (key: 'transactionTotal' | 'earnAmount' | 'refundedAmount', title: string): DataTableColumn<CallRow> => ({
  key,
  title,
  sortable: true,
  align: 'right',
  render: (c) => formatDollars(c[key]),
});

/** Video call list (spec section 2): search, status and date filters, sort and page kept in the URL. */
export function CallsList() {
  const c = useCallsListController();
  const link = useLinkTo();
  // Each column's key is the sort the server knows it by (CALL_SORTS).
  const columns: Array<DataTableColumn<CallRow>> = [
    { key: 'hostName', title: 'Call From', sortable: true, render: (r) => <Party user={r.host} /> },
    { key: 'receiverName', title: 'Call To', sortable: true, render: (r) => <Party user={r.receiver} /> },
    { key: 'createdAt', title: 'Date', sortable: true, render: (r) => formatDateTime(r.createdAt) },
    {
      key: 'duration',
      title: 'Duration',
      sortable: true,
      render: (r) => formatCallDuration(r.startedAt, r.endedAt),
    },
    money('transactionTotal', 'Transaction Total'),
    money('earnAmount', 'Earn Amount'),
    money('refundedAmount', 'Refunded Amount'),
    { key: 'status', title: 'Status', sortable: true, render: (r) => <CallStatusTag status={r.status} /> },
    {
      key: 'action',
      title: 'Action',
      render: (r) => (
        <Link to={link('callView', { id: r._id })} state={c.linkState}>
          <EyeOutlined aria-hidden /> View
        </Link>
      ),
    },
  ];

  return (
    <ListScreen<CallRow>
      title="Calls"
      list={c}
      columns={columns}
      rowKey={(r) => r._id}
      errorTitle="Calls could not be loaded"
      extra={<SearchBox placeholder="Search by name or call ID" value={c.search} onSearch={c.setSearch} />}
      toolbar={
        <FilterBar hasFilters={c.hasFilters} onClear={c.clearFilters}>
          <FilterSelect<CallStatus>
            id="calls-status"
            label="Status"
            options={STATUS_OPTIONS}
            value={c.status}
            onChange={c.setStatus}
            width={130}
          />
          <DateRangeFilter idPrefix="calls" range={c.range} />
        </FilterBar>
      }
    />
  );
}
