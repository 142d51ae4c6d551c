import { Typography, formatDollars, shortId, underscoresToSpaces } from '@backoffice/ui-kit';
import { SectionTable } from './SectionTable';
import type { FanDetailRow, SectionBinding } from './useFanDetailController';

type DiscountCodeRow = FanDetailRow<'discountCodes'>;

export interface DiscountCodesTabProps {
  discountCodes: SectionBinding<DiscountCodeRow>;
  totalRedeemed: number;
}

export function DiscountCodesTab({ discountCodes, totalRedeemed }: DiscountCodesTabProps) {
  return (
    <SectionTable<DiscountCodeRow>
      title="Discount Codes"
      extra={<Typography.Text type="secondary">{`Total Redeemed: ${totalRedeemed}`}</Typography.Text>}
      caption="Fan's discount codes"
      searchPlaceholder="Search Code name"
      emptyText="No discount codes found."
      section={discountCodes}
      columns={[
        { key: 'discountCodeId', title: 'Code ID', render: (d) => shortId(d.discountCodeId) },
        { key: 'discountCodeType', title: 'Type', render: (d) => underscoresToSpaces(d.discountCodeType) },
        {
          key: 'discountAmount',
          title: 'Discount Amount',
          align: 'right',
          render: (d) => formatDollars(d.discountAmount),
        },
      ]}
    />
  );
}
