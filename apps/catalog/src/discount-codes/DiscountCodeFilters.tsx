import type { ReactNode } from 'react';
import { Button, Flex, Select, Typography } from '@backoffice/ui-kit';
import type { DiscountCodeStatus, DiscountCodeType } from '@backoffice/shared-api';
import { STATUS_OPTIONS, TYPE_OPTIONS } from './discountCodeLabels';

const ALL = 'all';
const TYPE_FILTER_OPTIONS = [{ value: ALL, label: 'All' }, ...TYPE_OPTIONS];
const STATUS_FILTER_OPTIONS = [{ value: ALL, label: 'All' }, ...STATUS_OPTIONS];

export interface DiscountCodeFiltersProps {
  type: DiscountCodeType | undefined;
  status: DiscountCodeStatus | undefined;
  onType: (type: DiscountCodeType | undefined) => void;
  onStatus: (status: DiscountCodeStatus | undefined) => void;
  hasFilters: boolean;
  onClear: () => void;
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary">
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children}
    </Flex>
  );
}

/** Type (the six, by their labels) and status. */
export function DiscountCodeFilters(p: DiscountCodeFiltersProps) {
  return (
    <Flex gap="middle" wrap align="center">
      <Labelled id="discount-codes-type" label="Type">
        <Select<string>
          id="discount-codes-type"
          options={TYPE_FILTER_OPTIONS}
          value={p.type ?? ALL}
          onChange={(v) => p.onType(v === ALL ? undefined : (v as DiscountCodeType))}
          style={{ width: 210 }}
        />
      </Labelled>
      <Labelled id="discount-codes-status" label="Status">
        <Select<string>
          id="discount-codes-status"
          options={STATUS_FILTER_OPTIONS}
          value={p.status ?? ALL}
          onChange={(v) => p.onStatus(v === ALL ? undefined : (v as DiscountCodeStatus))}
          style={{ width: 130 }}
        />
      </Labelled>
      {p.hasFilters && (
        <Button type="link" onClick={p.onClear}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
