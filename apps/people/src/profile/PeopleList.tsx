import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Card,
  DataTable,
  ErrorState,
  PageBreadcrumb,
  Pager,
  SearchBox,
  Space,
  Typography,
  formatDateTime,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { FanRow } from '@backoffice/shared-api';
import { PERSON_KINDS } from './personKinds';
import { StatusAction } from './StatusAction';
import { PEOPLE_PAGE_SIZE, usePeopleListController, type PeopleListSource } from './usePeopleListController';

export interface PeopleListProps<S extends string> {
  source: PeopleListSource<S>;
  /** Columns before User Name (the influencers' Name). */
  leadingColumns?: Array<DataTableColumn<FanRow>>;
  /** Links after View and Edit (the fans' Details). */
  extraActions?: (row: FanRow) => ReactNode;
}

/**
 * The Fans and Influencers lists (spec section 2): user name, display name, email, created on,
 * action; search, sort and page kept in the URL.
 */
export function PeopleList<S extends string>({ source, leadingColumns = [], extraActions }: PeopleListProps<S>) {
  const c = usePeopleListController(source);
  const names = PERSON_KINDS[source.kind];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb items={[{ title: 'Dashboard', to: '..' }, { title: names.many }]} />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {names.many}
          </Typography.Title>
        }
        extra={<SearchBox placeholder="Search by name or email" value={c.search} onSearch={c.setSearch} />}
      >
        {c.error ? (
          <ErrorState title={`${names.many} could not be loaded`} message={c.error} onRetry={c.retry} />
        ) : (
          <DataTable<FanRow>
            caption={names.many}
            rows={c.rows}
            rowKey={(p) => p._id}
            loading={c.loading}
            sort={{ sortBy: c.sortBy, sortOrder: c.sortOrder }}
            onSortChange={c.setSort}
            columns={[
              ...leadingColumns,
              { key: 'userName', title: 'User Name', sortable: true },
              { key: 'displayName', title: 'Display Name', sortable: true },
              { key: 'email', title: 'Email', sortable: true },
              { key: 'createdAt', title: 'Created On', sortable: true, render: (p) => formatDateTime(p.createdAt) },
              {
                key: 'action',
                title: 'Action',
                render: (p) => (
                  <Space size="small" wrap>
                    <Link to={`view/${p._id}`}>View</Link>
                    <Link to={`edit/${p._id}`}>Edit</Link>
                    {extraActions?.(p)}
                    <StatusAction
                      status={p.status}
                      busy={c.statusPendingId === p._id}
                      onToggle={() => c.toggleStatus(p)}
                    />
                  </Space>
                ),
              },
            ]}
            footer={
              <Pager
                variant="numbered"
                page={c.page}
                pageSize={PEOPLE_PAGE_SIZE}
                total={c.total}
                onChange={c.setPage}
              />
            }
          />
        )}
      </Card>
      {c.search && (
        <Button type="link" onClick={() => c.setSearch('')}>
          Clear search
        </Button>
      )}
    </Space>
  );
}
