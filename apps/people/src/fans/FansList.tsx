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
} from '@backoffice/ui-kit';
import type { FanRow } from '@backoffice/shared-api';
import { FANS_PAGE_SIZE, useFansListController } from './useFansListController';

/** Fans list (spec section 2): user name, display name, email, created on, action. */
export function FansList() {
  const c = useFansListController();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb items={[{ title: 'Dashboard', to: '..' }, { title: 'Fans' }]} />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            Fans
          </Typography.Title>
        }
        extra={<SearchBox placeholder="Search by name or email" value={c.search} onSearch={c.setSearch} />}
      >
        {c.error ? (
          <ErrorState title="Fans could not be loaded" message={c.error} onRetry={c.retry} />
        ) : (
          <DataTable<FanRow>
            caption="Fans"
            rows={c.rows}
            rowKey={(f) => f._id}
            loading={c.loading}
            sort={{ sortBy: c.sortBy, sortOrder: c.sortOrder }}
            onSortChange={c.setSort}
            columns={[
              { key: 'userName', title: 'User Name', sortable: true },
              { key: 'displayName', title: 'Display Name', sortable: true },
              { key: 'email', title: 'Email', sortable: true },
              { key: 'createdAt', title: 'Created On', sortable: true, render: (f) => formatDateTime(f.createdAt) },
              {
                key: 'action',
                title: 'Action',
                render: (f) => (
                  <Space size="small">
                    <Link to={`view/${f._id}`}>View</Link>
                    <Link to={`edit/${f._id}`}>Edit</Link>
                    <Link to={`../details/fan-details/${f._id}`}>Details</Link>
                  </Space>
                ),
              },
            ]}
            footer={
              <Pager variant="numbered" page={c.page} pageSize={FANS_PAGE_SIZE} total={c.total} onChange={c.setPage} />
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
