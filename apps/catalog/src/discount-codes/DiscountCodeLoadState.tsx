import { DetailLoadState, PageBreadcrumb, Space } from '@backoffice/ui-kit';
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
      <DetailLoadState
        load={load}
        notFound={`${CATALOG_MESSAGES.discountCodeNotFound}.`}
        errorTitle="The discount code could not be loaded"
        back={{ to: '..', label: 'Back to Discount codes' }}
      />
    </Space>
  );
}
