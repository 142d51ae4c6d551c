import { Link } from '@backoffice/ui-kit/router';
import {
  EyeOutlined,
  ListScreen,
  SearchBox,
  formatDateTime,
  type DataTableColumn,
  DecisionStatusTag,
  useLinkTo,
} from '@backoffice/ui-kit';
import { DecisionStatusFilter } from '@backoffice/ui-kit/forms';
import type { RequestRow } from '@backoffice/shared-api';
import { fullName } from '../profile/profileFormat';
import { useRequestsListController } from './useRequestsListController';

const sortable = (key: keyof RequestRow | 'name', title: string): DataTableColumn<RequestRow> => ({
  key,
  title,
  sortable: true,
});

/** Influencer requests list (spec section 2): the influencers' columns plus the requested-on date. */
export function RequestsList() {
  const list = useRequestsListController();
  const link = useLinkTo();
  const columns: Array<DataTableColumn<RequestRow>> = [
    { ...sortable('name', 'Name'), render: (r) => fullName(r) },
    sortable('userName', 'User Name'),
    sortable('displayName', 'Display Name'),
    sortable('email', 'Email'),
    { ...sortable('createdAt', 'Created On'), render: (r) => formatDateTime(r.createdAt) },
    { ...sortable('updatedAt', 'Requested On'), render: (r) => formatDateTime(r.updatedAt) },
    ...(list.showStatus
      ? [{ key: 'status', title: 'Status', render: (r: RequestRow) => <DecisionStatusTag status={r.status} /> }]
      : []),
    {
      key: 'action',
      title: 'Action',
      render: (r) => (
        <Link to={link('requestView', { id: r._id })} state={list.linkState}>
          <EyeOutlined aria-hidden /> View
        </Link>
      ),
    },
  ];

  return (
    <ListScreen<RequestRow>
      title="Influencer requests"
      crumb="Requests"
      list={list}
      columns={columns}
      rowKey={(r) => r._id}
      errorTitle="Requests could not be loaded"
      extra={<SearchBox placeholder="Search by name or email" value={list.search} onSearch={list.setSearch} />}
      toolbar={<DecisionStatusFilter label="Request status" value={list.status} onChange={list.setStatus} />}
    />
  );
}
