import { DateRangeFilter, FilterBar, type DateRangeState } from '@backoffice/ui-kit';
import { FilterSelect } from '@backoffice/ui-kit/forms';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPES,
  TRANSACTION_TYPE_LABELS,
  type TransactionStatus,
  type TransactionType,
} from '@backoffice/shared-api';

const STATUS_OPTIONS = TRANSACTION_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value] }));
const TYPE_OPTIONS = TRANSACTION_TYPES.map((value) => ({ value, label: TRANSACTION_TYPE_LABELS[value] }));

export interface TransactionFiltersProps {
  status: TransactionStatus | undefined;
  type: TransactionType | undefined;
  onStatus: (status: TransactionStatus | undefined) => void;
  onType: (type: TransactionType | undefined) => void;
  range: DateRangeState;
  hasFilters: boolean;
  onClear: () => void;
}

/** Status, type and a created-on range, in the admin's local days. */
export function TransactionFilters(p: TransactionFiltersProps) {
  return (
    <FilterBar hasFilters={p.hasFilters} onClear={p.onClear}>
      <FilterSelect
        id="transactions-status"
        label="Status"
        options={STATUS_OPTIONS}
        value={p.status}
        onChange={p.onStatus}
        width={130}
      />
      <FilterSelect id="transactions-type" label="Type" options={TYPE_OPTIONS} value={p.type} onChange={p.onType} />
      <DateRangeFilter idPrefix="transactions" range={p.range} />
    </FilterBar>
  );
}
