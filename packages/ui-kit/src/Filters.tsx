import type { ReactNode } from 'react';
import { Button, Flex, Input, Typography } from '@backoffice/ui-kit/antd';
import type { DateRangeState } from './dateRange';

/** A filter's visible label, tied to its control by id, so that a screen reader and a test find it. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary">
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children}
    </Flex>
  );
}

export interface DateRangeFilterProps {
  /** The inputs' ids are `${idPrefix}-from` and `${idPrefix}-to`: unique label/for pairs per screen. */
  idPrefix: string;
  /** What useDateRangeFilter returns. */
  range: Pick<DateRangeState, 'from' | 'to' | 'setFrom' | 'setTo'>;
}

/** A created-on range as two day pickers, "From" and "To", in the admin's local days; goes in a FilterBar. */
export function DateRangeFilter({ idPrefix, range }: DateRangeFilterProps) {
  const fromId = `${idPrefix}-from`;
  const toId = `${idPrefix}-to`;
  return (
    <>
      <FilterField id={fromId} label="From">
        <Input
          id={fromId}
          type="date"
          value={range.from ?? ''}
          // The browser's picker then offers no range that ends before it starts.
          max={range.to}
          onChange={(e) => range.setFrom(e.target.value)}
          style={{ width: 160 }}
        />
      </FilterField>
      <FilterField id={toId} label="To">
        <Input
          id={toId}
          type="date"
          value={range.to ?? ''}
          min={range.from}
          onChange={(e) => range.setTo(e.target.value)}
          style={{ width: 160 }}
        />
      </FilterField>
    </>
  );
}

/** A list's filters in a row, with "Clear filters" while any is set. */
export function FilterBar({
  hasFilters,
  onClear,
  children,
}: {
  hasFilters: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Flex gap="middle" wrap align="center">
      {children}
      {hasFilters && (
        <Button type="link" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
