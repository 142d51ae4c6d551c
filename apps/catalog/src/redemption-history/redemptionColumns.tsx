import { formatDateTime, formatDollars, underscoresToSpaces, type DataTableColumn } from '@backoffice/ui-kit';
import type { RedemptionRecord, RedemptionSort } from '@backoffice/shared-api';

type RedemptionColumn = DataTableColumn<RedemptionRecord> & { key: RedemptionSort };

/**
 * The redemption history's columns (spec section 2), keyed by the server's sort names so that a
 * header click asks for that sort. The discount code view shows some of them too.
 */
export const REDEMPTION_COLUMNS = {
  userName: { key: 'displayName', title: 'User Name', sortable: true },
  discountCode: { key: 'discountCode', title: 'Discount Code', sortable: true },
  discountType: {
    key: 'discountCodeType',
    title: 'Discount Type',
    sortable: true,
    render: (r) => underscoresToSpaces(r.discountCodeType),
  },
  discountAmount: {
    key: 'discountAmount',
    title: 'Discount Amount',
    sortable: true,
    align: 'right',
    render: (r) => formatDollars(r.discountAmount),
  },
  redeemedAt: { key: 'redeemedAt', title: 'Redeemed At', sortable: true, render: (r) => formatDateTime(r.redeemedAt) },
} satisfies Record<string, RedemptionColumn>;

export const REDEMPTION_HISTORY_COLUMNS: Array<DataTableColumn<RedemptionRecord>> = [
  REDEMPTION_COLUMNS.userName,
  REDEMPTION_COLUMNS.discountCode,
  REDEMPTION_COLUMNS.discountType,
  REDEMPTION_COLUMNS.discountAmount,
  REDEMPTION_COLUMNS.redeemedAt,
];
