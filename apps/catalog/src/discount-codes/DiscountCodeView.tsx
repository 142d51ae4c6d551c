import type { ReactNode } from 'react';
import { useNavigate } from '@backoffice/ui-kit/router';
import {
  Button,
  Card,
  EditOutlined,
  PageBreadcrumb,
  Space,
  Typography,
  formatDateTime,
  formatDollars,
  useLinkTo,
} from '@backoffice/ui-kit';
import { Descriptions, type DescriptionsProps } from '@backoffice/ui-kit/forms';
import type { DiscountCodeRow } from '@backoffice/shared-api';
import { useCan } from '@backoffice/shared-api/runtime';
import { CodeRedemptions } from './CodeRedemptions';
import { DiscountCodeLoadState } from './DiscountCodeLoadState';
import { DiscountCodeStatusTag } from './DiscountCodeStatusTag';
import { INFLUENCER_TYPE, influencerLabel, typeLabel } from './discountCodeLabels';
import { useDiscountCodeLoad } from './useDiscountCodeLoad';

type Items = NonNullable<DescriptionsProps['items']>;
const item = (label: string, children: ReactNode): Items[number] => ({ key: label, label, children });
const count = (n: number) => n.toLocaleString('en-US');

function DiscountCodeDetails({ code }: { code: DiscountCodeRow }) {
  const navigate = useNavigate();
  const link = useLinkTo();
  const canEdit = useCan('catalog.write');
  const items: Items = [
    item('Code Name', code.codeName),
    item('Discount Type', typeLabel(code.type)),
    item('Amount', formatDollars(code.amount)),
    item('Status', <DiscountCodeStatusTag status={code.status} />),
    item('Total Redeem', count(code.totalRedeem)),
    item('Redeem Limit', count(code.redeemLimit)),
  ];
  if (code.type === INFLUENCER_TYPE || code.influencer) {
    items.push(item('Influencer', code.influencer ? influencerLabel(code.influencer) : '-'));
  }
  items.push(item('Created On', formatDateTime(code.createdAt)), item('Updated On', formatDateTime(code.updatedAt)));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageBreadcrumb
        items={[
          { title: 'Dashboard', to: link('dashboard') },
          { title: 'Discount codes', to: link('discountCodes') },
          { title: code.codeName },
        ]}
      />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {code.codeName}
          </Typography.Title>
        }
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<EditOutlined aria-hidden />}
              onClick={() => navigate(link('discountCodeEdit', { id: code._id }))}
            >
              Edit
            </Button>
          )
        }
      >
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} items={items} />
      </Card>
      <CodeRedemptions code={code} />
    </Space>
  );
}

/** view/:id: the code's fields and its redemptions. */
export function DiscountCodeView() {
  const load = useDiscountCodeLoad();
  if (load.state !== 'ready') return <DiscountCodeLoadState load={load} />;
  return <DiscountCodeDetails code={load.data} />;
}
