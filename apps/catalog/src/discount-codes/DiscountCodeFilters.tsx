import { FilterBar } from '@backoffice/ui-kit';
import { FilterSelect } from '@backoffice/ui-kit/forms';
import type { DiscountCodeStatus, DiscountCodeType } from '@backoffice/shared-api';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './discountCodeLabels';

export interface DiscountCodeFiltersProps {
  type: DiscountCodeType | undefined;
  status: DiscountCodeStatus | undefined;
  onType: (type: DiscountCodeType | undefined) => void;
  onStatus: (status: DiscountCodeStatus | undefined) => void;
  hasFilters: boolean;
  onClear: () => void;
}

/** Type (the six, by their labels) and status. */
export function DiscountCodeFilters(p: DiscountCodeFiltersProps) {
  return (
    <FilterBar hasFilters={p.hasFilters} onClear={p.onClear}>
      <FilterSelect
        id="discount-codes-type"
        label="Type"
        options={TYPE_OPTIONS}
        value={p.type}
        onChange={p.onType}
        width={210}
      />
      <FilterSelect
        id="discount-codes-status"
        label="Status"
        options={STATUS_OPTIONS}
        value={p.status}
        onChange={p.onStatus}
        width={130}
      />
    </FilterBar>
  );
}
