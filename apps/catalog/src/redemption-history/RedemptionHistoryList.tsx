import { DateRangeFilter, FilterBar, ListScreen, SearchBox, Tag } from '@backoffice/ui-kit';
import type { RedemptionRecord } from '@backoffice/shared-api';
import { REDEMPTION_HISTORY_COLUMNS } from './redemptionColumns';
import { useRedemptionHistoryController } from './useRedemptionHistoryController';

/**
 * Redemption history (spec section 2, "Redemption History screen"): user name, discount code,
 * discount type, discount amount, redeemed at; search, sort, page, the code and the date range in the URL.
 */
export function RedemptionHistoryList() {
  const c = useRedemptionHistoryController();
  return (
    <ListScreen<RedemptionRecord>
      title="Redemption history"
      list={c}
      columns={REDEMPTION_HISTORY_COLUMNS}
      rowKey={(r) => r._id}
      errorTitle="Redemption history could not be loaded"
      extra={<SearchBox placeholder="Search by name" value={c.search} onSearch={c.setSearch} />}
      toolbar={
        <FilterBar hasFilters={c.hasFilters} onClear={c.clearFilters}>
          {c.code && (
            <Tag
              closable={{ 'aria-label': `Remove the filter Code: ${c.code}` }}
              onClose={(e) => {
                // The URL decides whether the tag shows; antd must not hide it on its own.
                e.preventDefault();
                c.clearCode();
              }}
            >
              Code: {c.code}
            </Tag>
          )}
          <DateRangeFilter idPrefix="redemptions" range={c.range} />
        </FilterBar>
      }
    />
  );
}
