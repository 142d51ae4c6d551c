import { Link } from 'react-router-dom';
import { Card, EmptyState, ErrorState, PageBreadcrumb, Space, Spin } from '@backoffice/ui-kit';
import { CATALOG_MESSAGES } from '@backoffice/shared-api';
import type { DiscountCodeLoad } from './useDiscountCodeLoad';

/** What the view and edit pages show until the code is there: loading, not found or an error. */
export function DiscountCodeLoadState({ load }: { load: Exclude<DiscountCodeLoad, { state: 'ready' }> }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: '../..' },
          { title: 'Discount codes', to: '..' },
        ]}
      />
      <Card>
        {load.state === 'loading' && (
          <div role="status" aria-label="Loading" style={{ textAlign: 'center', padding: 48 }}>
            <Spin size="large" />
          </div>
        )}
        {load.state === 'notFound' && (
          <Space orientation="vertical" align="center" style={{ width: '100%' }}>
            <EmptyState message={`${CATALOG_MESSAGES.discountCodeNotFound}.`} />
            <Link to="..">Back to Discount codes</Link>
          </Space>
        )}
        {load.state === 'error' && (
          <ErrorState title="The discount code could not be loaded" message={load.message} onRetry={load.retry} />
        )}
      </Card>
    </Space>
  );
}
