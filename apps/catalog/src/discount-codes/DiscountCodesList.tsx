import { Link, useNavigate } from '@backoffice/ui-kit/router';
import {
  Button,
  Flex,
  ListScreen,
  PlusOutlined,
  SearchBox,
  Space,
  formatDateTime,
  useLinkTo,
  type DataTableColumn,
} from '@backoffice/ui-kit';
import type { DiscountCodeRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { DiscountCodeFilters } from './DiscountCodeFilters';
import { DiscountCodeStatusTag } from './DiscountCodeStatusTag';
import { typeLabel } from './discountCodeLabels';
import { useDiscountCodesListController } from './useDiscountCodesListController';

const count = (n: number) => n.toLocaleString('en-US');

/** Spec section 2: discount type, code name, status, created on, total redeem, redeem limit, action. */
const columnsOf = (link: ReturnType<typeof useLinkTo>, canEdit: boolean): Array<DataTableColumn<DiscountCodeRow>> => [
  { key: 'type', title: 'Discount Type', sortable: true, render: (c) => typeLabel(c.type) },
  { key: 'codeName', title: 'Code Name', sortable: true },
  { key: 'status', title: 'Status', sortable: true, render: (c) => <DiscountCodeStatusTag status={c.status} /> },
  { key: 'createdAt', title: 'Created On', sortable: true, render: (c) => formatDateTime(c.createdAt) },
  { key: 'totalRedeem', title: 'Total Redeem', sortable: true, align: 'right', render: (c) => count(c.totalRedeem) },
  { key: 'redeemLimit', title: 'Redeem Limit', sortable: true, align: 'right', render: (c) => count(c.redeemLimit) },
  {
    key: 'action',
    title: 'Action',
    render: (c) => (
      <Space size="small">
        <Link to={link('discountCodeView', { id: c._id })} aria-label={`View ${c.codeName}`}>
          View
        </Link>
        {canEdit && (
          <Link to={link('discountCodeEdit', { id: c._id })} aria-label={`Edit ${c.codeName}`}>
            Edit
          </Link>
        )}
      </Space>
    ),
  },
];

/** Discount codes: search, filters, sort and page kept in the URL; add, view and edit pages. */
export function DiscountCodesList() {
  const c = useDiscountCodesListController();
  const navigate = useNavigate();
  const link = useLinkTo();
  const canEdit = useCan('catalog.write');
  return (
    <ListScreen<DiscountCodeRow>
      title="Discount codes"
      list={c}
      columns={columnsOf(link, canEdit)}
      rowKey={(r) => r._id}
      errorTitle="Discount codes could not be loaded"
      extra={
        <Flex gap="small" wrap align="center">
          <SearchBox placeholder="Search by code name" value={c.search} onSearch={c.setSearch} />
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate(link('discountCodeAdd'))}
            >
              Add discount code
            </Button>
          )}
        </Flex>
      }
      toolbar={
        <DiscountCodeFilters
          type={c.type}
          status={c.status}
          onType={c.setType}
          onStatus={c.setStatus}
          hasFilters={c.hasFilters}
          onClear={c.clearFilters}
        />
      }
    />
  );
}
