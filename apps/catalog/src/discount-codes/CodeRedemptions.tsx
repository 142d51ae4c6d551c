import { Link } from '@backoffice/ui-kit/router';
import { Card, DataTable, ErrorState, Pager, useLinkTo, type DataTableColumn } from '@backoffice/ui-kit';
import type { DiscountCodeRow, RedemptionRecord } from '@backoffice/shared-api';
import { REDEMPTION_COLUMNS } from '../redemption-history/redemptionColumns';
import { useCodeRedemptionsController } from './useCodeRedemptionsController';

// Code and type are the code's own, shown above: only who, how much and when vary.
const COLUMNS: Array<DataTableColumn<RedemptionRecord>> = [
  REDEMPTION_COLUMNS.userName,
  REDEMPTION_COLUMNS.discountAmount,
  REDEMPTION_COLUMNS.redeemedAt,
];

/** The redemptions of one code, paged. The link opens the Redemption history screen on the same code. */
export function CodeRedemptions({ code }: { code: DiscountCodeRow }) {
  const c = useCodeRedemptionsController(code._id);
  const link = useLinkTo();
  const history = `${link('redemptionHistory')}?${new URLSearchParams({ value: code.codeName })}`;
  return (
    <Card title="Redemptions" extra={<Link to={history}>Open in redemption history</Link>}>
      {c.error ? (
        <ErrorState title="The redemptions could not be loaded" message={c.error} onRetry={c.retry} />
      ) : (
        <DataTable<RedemptionRecord>
          caption={`Redemptions of ${code.codeName}`}
          columns={COLUMNS}
          rows={c.rows}
          rowKey={(r) => r._id}
          loading={c.loading}
          sort={{ sortBy: c.sortBy, sortOrder: c.sortOrder }}
          onSortChange={c.setSort}
          footer={
            <Pager
              variant="numbered"
              page={c.page}
              pageSize={c.pageSize}
              total={c.total}
              totalIs={c.totalIs}
              onChange={c.setPage}
            />
          }
        />
      )}
    </Card>
  );
}
