import { DetailLoadState, PageBreadcrumb, Space, useLinkTo } from '@backoffice/ui-kit';
import { CATALOG_MESSAGES } from '@backoffice/shared-api';
import type { DiscountCodeLoad } from './useDiscountCodeLoad';

/** What the view and edit pages show until the code is there: loading, not found or an error. */
export function DiscountCodeLoadState({ load }: { load: Exclude<DiscountCodeLoad, { state: 'ready' }> }) {
  const link = useLinkTo();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: 'Discount codes', to: link('discountCodes') },
        ]}
      />
      <DetailLoadState
        load={load}
        notFound={`${CATALOG_MESSAGES.discountCodeNotFound}.`}
        errorTitle="The discount code could not be loaded"
        back={{ to: link('discountCodes'), label: 'Back to Discount codes' }}
      />
    </Space>
  );
}
